/**
 * Turning anything thrown while the input was read (a getter, a Proxy trap, the engine's stack limit)
 * into an error record. Reading the thrown value may throw again, so every step is guarded.
 */
import type { RawError } from "./context.js";

const REASON_LIMIT = 200;

function describe(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return String(thrown.message).slice(0, REASON_LIMIT);
    if (typeof thrown === "string") return thrown.slice(0, REASON_LIMIT);
  } catch {
    // The thrown value is itself hostile; say nothing about it.
  }
  return "a value was thrown while the input was read";
}

/** V8 and JavaScriptCore throw RangeError, SpiderMonkey InternalError ("too much recursion"). */
function isStackOverflow(thrown: unknown): boolean {
  try {
    if (!(thrown instanceof Error)) return false;
    const name = String(thrown.name);
    const message = String(thrown.message);
    return (name === "RangeError" && /call stack/i.test(message)) || (name === "InternalError" && /recursion/i.test(message));
  } catch {
    return false;
  }
}

export function thrownError(thrown: unknown, instancePath: string): RawError {
  if (isStackOverflow(thrown)) return { instancePath, keyword: "maxDepth", params: { limit: null } };
  return { instancePath, keyword: "unreadable", params: { reason: describe(thrown) } };
}
