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

/**
 * V8 and JavaScriptCore throw "Maximum call stack size exceeded", SpiderMonkey "too much recursion".
 * Deliberately unguarded: near the stack limit this test can itself overflow, and then the error
 * must travel up to a frame with room to classify it, not be mistaken for an unreadable value. A
 * hostile thrown value whose traps throw also travels up, and is reported as unreadable there.
 */
function isStackOverflow(thrown: unknown): boolean {
  if (!(thrown instanceof Error)) return false;
  // No regular expression here: compiling one needs stack too, and V8 then throws a SyntaxError
  // ("Invalid regular expression: … Maximum call stack size exceeded"), which the message test catches.
  const message = String(thrown.message);
  return message.includes("call stack") || message.includes("too much recursion");
}

export function thrownError(thrown: unknown, instancePath: string): RawError {
  if (isStackOverflow(thrown)) return { instancePath, keyword: "maxDepth", params: { limit: null } };
  return { instancePath, keyword: "unreadable", params: { reason: describe(thrown) } };
}
