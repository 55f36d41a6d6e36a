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

/** Pushes the errors of `value` (relative path `path`); returns how many. */
export function scalarErrors(c: RunContext, value: unknown, path: string, s: ScalarSchema): number {
  let n = 0;
  /** One error; true when the caller should stop (first-error mode). */
  const fail = (keyword: string, params: Readonly<Record<string, unknown>>): boolean => {
    n += reportError(c, path, keyword, params);
    return !c.a;
  };
  const anyType = (): boolean =>
    (s.const !== undefined && value !== s.const && fail("const", { allowedValue: s.const })) ||
    (s.enum !== undefined && !s.enum.some((allowed) => allowed === value) && fail("enum", { allowedValues: s.enum }));
  const ownKeywords = s.type === "string" ? s.maxLength !== undefined || s.minLength !== undefined || s.pattern !== undefined || s.format !== undefined : s.type === "number" && (s.minimum !== undefined || s.maximum !== undefined);
  if (!ownKeywords) {
    if (!hasType(value, s.type) && fail("type", { type: s.type })) return n;
    if (anyType() || s.type !== "integer" || !Number.isFinite(value)) return n;
  } else {
    if (anyType()) return n;
    if (!hasType(value, s.type)) {
      fail("type", { type: s.type });
      return n;
    }
  }
  if (typeof value === "string") stringKeywords(value, s, fail);
  else rangeKeywords(value as number, s, fail);
  return n;
}

function stringKeywords(value: string, s: ScalarSchema, fail: (keyword: string, params: Readonly<Record<string, unknown>>) => boolean): void {
  const { maxLength, minLength } = s;
  if (maxLength !== undefined && value.length > maxLength && exceedsCodePoints(value, maxLength) && fail("maxLength", { limit: maxLength })) return;
  if (minLength !== undefined && minLength > 0 && value.length < 2 * minLength && fallsShortOfCodePoints(value, minLength) && fail("minLength", { limit: minLength })) return;
  if (s.matchPattern !== undefined && !s.matchPattern(value) && fail("pattern", { pattern: s.pattern })) return;
  if (s.matchFormat !== undefined && !s.matchFormat(value)) fail("format", { format: s.format });
}

function rangeKeywords(value: number, s: ScalarSchema, fail: (keyword: string, params: Readonly<Record<string, unknown>>) => boolean): void {
  if (s.maximum !== undefined && value > s.maximum && fail("maximum", { comparison: "<=", limit: s.maximum })) return;
  if (s.minimum !== undefined && value < s.minimum) fail("minimum", { comparison: ">=", limit: s.minimum });
}
