/**
 * Turning anything thrown while the input was read (a getter, a Proxy trap, the engine's stack limit)
 * into an error record. Reading the thrown value may throw again, so every step is guarded.
 */
import type { RawError } from "./context.js";

const REASON_LIMIT = 200;

function describe(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return String(thrown.message).slice(0, REASON_LIMIT) || "an error without a message was thrown while the input was read";
    if (typeof thrown === "string") return thrown.slice(0, REASON_LIMIT) || "an empty string was thrown while the input was read";
  } catch {
    // The thrown value is itself hostile; say nothing about it.
  }
  return "a value was thrown while the input was read";
}

/**
 * The engines' own messages for a stack overflow: V8 and JavaScriptCore, SpiderMonkey. Compared as
 * strings, not with a regular expression: V8 compiles a regular expression again as it warms up,
 * and doing that with no stack left aborts the process.
 */
function isOverflowMessage(message: string): boolean {
  return message === "Maximum call stack size exceeded" || message === "Maximum call stack size exceeded." || message === "too much recursion";
}
/** V8 compiling a regular expression with no stack left: "Invalid regular expression: /…/: Maximum call stack size exceeded". */
const REGEXP_OVERFLOW_SUFFIX = ": Maximum call stack size exceeded";

/**
 * The engine's stack limit, told apart from anything a user's code throws by its exact type and
 * message: a getter that throws `new RangeError("call stack too deep")` is unreadable input, not a
 * stack overflow (one that throws the engine's exact error cannot be told apart, and is too_deep).
 *
 * Deliberately unguarded: near the stack limit this test can itself overflow, and then the error
 * must travel up to a frame with room to classify it, not be mistaken for an unreadable value. A
 * hostile thrown value whose traps throw also travels up, and is reported as unreadable there.
 */
function isStackOverflow(thrown: unknown): boolean {
  if (thrown instanceof RangeError) return isOverflowMessage(thrown.message);
  if (thrown instanceof SyntaxError) return thrown.message.endsWith(REGEXP_OVERFLOW_SUFFIX);
  // SpiderMonkey's InternalError has no global constructor in other engines; its name says it.
  return thrown instanceof Error && thrown.name === "InternalError" && isOverflowMessage(thrown.message);
}

export function thrownError(thrown: unknown, instancePath: string): RawError {
  if (isStackOverflow(thrown)) return { instancePath, keyword: "maxDepth", params: { limit: null } };
  return { instancePath, keyword: "unreadable", params: { reason: describe(thrown) } };
}

/**
 * Whether a thrown value means the stack is exhausted, decided as `thrownErrorAtTop` decides it (a
 * classification that throws classifies the second value, and a second throw means no stack), for
 * callers that need only the verdict and not the record with its description.
 */
export function overflowedAtTop(thrown: unknown): boolean {
  try {
    return isStackOverflow(thrown);
  } catch (again) {
    try {
      return isStackOverflow(again);
    } catch {
      return true;
    }
  }
}

/**
 * The error for a thrown value, even when classifying it throws in turn (its traps throw, or the
 * stack is exhausted): the second thrown value is classified instead, and if that throws too, the
 * stack is taken to be exhausted. For the outermost frames of a run, which have no caller to defer to.
 */
export function thrownErrorAtTop(thrown: unknown, instancePath: string): RawError {
  try {
    return thrownError(thrown, instancePath);
  } catch (again) {
    try {
      return thrownError(again, instancePath);
    } catch {
      return { instancePath, keyword: "maxDepth", params: { limit: null } };
    }
  }
}
