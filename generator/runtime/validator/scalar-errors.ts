/**
 * The errors of a string, number, boolean or null value that failed its check. The generated code
 * tests such a value with one boolean expression and calls this only when the test fails, with the
 * node's schema as a constant, so the code that words each error exists once. The keywords are
 * reported in the order JSON Schema validators (Ajv) report them:
 *
 * - a type with no keyword of its own (a string with only `enum`, any boolean, any integer) is
 *   checked first, then `const` and `enum`, which apply to any value, so with all errors a number
 *   given for a string enumeration is two errors; an integer's `minimum`/`maximum` then apply to any
 *   finite number, so 1.5 for an integer of at least 2 is two errors too;
 * - a string or number with keywords of its own (`maxLength`, `minimum`) checks `const` and `enum`
 *   first, then those keywords if the value has the type, else reports the type.
 *
 * Lengths count code points (code-points.ts).
 */
import type { RunContext } from "./context.js";
import { exceedsCodePoints, fallsShortOfCodePoints } from "./code-points.js";
import { isObjectLike } from "./own.js";
import { reportError } from "./raw-errors.js";

/**
 * A scalar schema node, as the generator writes it; or a bare `object` or `array` type, whose only
 * possible error is the type (for the error paths that read a constant per value, property-errors.ts).
 */
export interface ScalarSchema {
  readonly type: "string" | "integer" | "number" | "boolean" | "null" | "object" | "array";
  readonly const?: string | number | boolean;
  readonly enum?: readonly (string | number | boolean | null)[];
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly matchPattern?: (s: string) => boolean;
  readonly format?: string;
  readonly matchFormat?: (s: string) => boolean;
  readonly minimum?: number;
  readonly maximum?: number;
}

/** Whether `value` has the JSON Schema type `type`. */
export function hasType(value: unknown, type: ScalarSchema["type"]): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return Number.isFinite(value);
    case "null":
      return value === null;
    case "object":
      return isObjectLike(value);
    case "array":
      return Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/*
 * `reportError(…) && !c.a` below: one error, then true when the caller should stop (first-error
 * mode); reportError returns 1.
 */

/**
 * `const` and `enum`, which apply to a value of any type; true when the caller should stop. The
 * enumeration is written into the generated code as JSON, so it never holds NaN, the one value
 * `includes` and `===` disagree on.
 */
function anyType(c: RunContext, value: unknown, path: string, s: ScalarSchema): number | boolean {
  return (s.const !== undefined && value !== s.const && reportError(c, path, "const", { allowedValue: s.const }) && !c.a) || (s.enum !== undefined && !s.enum.includes(value as string) && reportError(c, path, "enum", { allowedValues: s.enum }) && !c.a);
}

/**
 * Pushes the errors of `value` (relative path `path`); returns how many: the errors pushed since it
 * began. Plain functions given the context, not closures over a count: this runs for every scalar
 * of an invalid value (every fixture the generator checks), and V8 made a context and two closures
 * per call and compiled them into each check that inlined it.
 */
export function scalarErrors(c: RunContext, value: unknown, path: string, s: ScalarSchema): number {
  const start = c.e.length;
  const ownKeywords = s.type === "string" ? s.maxLength !== undefined || s.minLength !== undefined || s.pattern !== undefined || s.format !== undefined : s.type === "number" && (s.minimum !== undefined || s.maximum !== undefined);
  if (!ownKeywords) {
    // A value of another type: one error, and the others only when all are wanted.
    if ((hasType(value, s.type) || (reportError(c, path, "type", { type: s.type }), c.a)) && !anyType(c, value, path, s) && s.type === "integer" && Number.isFinite(value)) rangeKeywords(c, path, value as number, s);
  } else if (!anyType(c, value, path, s)) {
    if (!hasType(value, s.type)) reportError(c, path, "type", { type: s.type });
    else if (typeof value === "string") stringKeywords(c, path, value, s);
    else rangeKeywords(c, path, value as number, s);
  }
  return c.e.length - start;
}

function stringKeywords(c: RunContext, path: string, value: string, s: ScalarSchema): void {
  const { maxLength, minLength } = s;
  if (maxLength !== undefined && value.length > maxLength && exceedsCodePoints(value, maxLength) && reportError(c, path, "maxLength", { limit: maxLength }) && !c.a) return;
  if (minLength !== undefined && minLength > 0 && value.length < 2 * minLength && fallsShortOfCodePoints(value, minLength) && reportError(c, path, "minLength", { limit: minLength }) && !c.a) return;
  if (s.matchPattern !== undefined && !s.matchPattern(value) && reportError(c, path, "pattern", { pattern: s.pattern }) && !c.a) return;
  if (s.matchFormat !== undefined && !s.matchFormat(value)) reportError(c, path, "format", { format: s.format });
}

function rangeKeywords(c: RunContext, path: string, value: number, s: ScalarSchema): void {
  if (s.maximum !== undefined && value > s.maximum && reportError(c, path, "maximum", { comparison: "<=", limit: s.maximum }) && !c.a) return;
  if (s.minimum !== undefined && value < s.minimum) reportError(c, path, "minimum", { comparison: ">=", limit: s.minimum });
}
