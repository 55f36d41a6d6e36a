/**
 * parseRateLimitHeaders: the X-RateLimit-* headers of a response, as non-negative integers (Reset is
 * the UTC epoch second at which the window resets). Accepts a Fetch `Headers` (anything with
 * `get(name)`) or a plain object such as Node's `IncomingHttpHeaders`, whose names may be in any case.
 */
import type { RateLimitResult, ValidationIssue } from "./public-types.js";
import { escapePointer } from "./issues.js";
import { methodOf } from "./own.js";
import { thrownErrorAtTop } from "./thrown.js";

export interface RateLimitHeaderSpec {
  readonly name: string;
  readonly key: "limit" | "remaining" | "reset";
  readonly minimum: number;
}

const CANONICAL_INTEGER = /^(?:0|[1-9][0-9]*)$/;

function issue(code: ValidationIssue["code"], name: string, message: string): ValidationIssue {
  return { code, path: `/${escapePointer(name)}`, message, params: { header: name } };
}

/** Every value given for `name` among `entries`, whatever the case of their names. */
function valuesFromEntries(entries: Iterable<readonly [unknown, unknown]>, name: string): unknown[] {
  const wanted = name.toLowerCase();
  const values: unknown[] = [];
  for (const [key, value] of entries) {
    if (typeof key !== "string" || key.toLowerCase() !== wanted) continue;
    if (Array.isArray(value)) values.push(...value);
    else if (value !== undefined) values.push(value);
  }
  return values;
}

function valueOf(value: unknown): unknown[] {
  return value === null || value === undefined ? [] : [value];
}

/**
 * A `Map` is searched whatever the case of its names. Anything else with `get` (a Fetch `Headers`,
 * whose names are case-insensitive, or a store keyed in lower case) is asked for the name as
 * written, then in lower case. A plain object is searched whatever the case of its keys.
 */
function valuesOf(headers: object, name: string): unknown[] {
  if (headers instanceof Map) return valuesFromEntries(headers as Map<unknown, unknown>, name);
  const get = methodOf(headers, "get");
  if (get !== undefined) {
    const asWritten = valueOf(get.call(headers, name));
    return asWritten.length > 0 ? asWritten : valueOf(get.call(headers, name.toLowerCase()));
  }
  return valuesFromEntries(Object.keys(headers).map((key) => [key, (headers as Record<string, unknown>)[key]] as const), name);
}

function parseOne(spec: RateLimitHeaderSpec, values: readonly unknown[]): number | ValidationIssue {
  if (values.length === 0) return issue("required", spec.name, `header ${spec.name} is missing`);
  if (values.length > 1) return issue("repeated_field", spec.name, `header ${spec.name} is given more than once`);
  const raw = values[0];
  const value = typeof raw === "string" && CANONICAL_INTEGER.test(raw) ? Number(raw) : typeof raw === "number" ? raw : NaN;
  if (!Number.isInteger(value)) return issue("invalid_format", spec.name, `header ${spec.name} must be a non-negative integer written in decimal digits`);
  if (!Number.isSafeInteger(value) || value < spec.minimum) return issue("out_of_range", spec.name, `header ${spec.name} is out of range`);
  return value;
}

function parse(specs: readonly RateLimitHeaderSpec[], headers: unknown): RateLimitResult {
  if (typeof headers !== "object" || headers === null) return { ok: false, issues: [{ code: "invalid_type", path: "", message: "headers must be an object or a Headers", params: { type: "object" } }] };
  const issues: ValidationIssue[] = [];
  const value: Record<string, number> = {};
  for (const spec of specs) {
    const parsed = parseOne(spec, valuesOf(headers, spec.name));
    if (typeof parsed === "number") value[spec.key] = parsed;
    else issues.push(parsed);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: value as unknown as { limit: number; remaining: number; reset: number } };
}

/** Built in advance: with no stack left, building it could fail too. */
const STACK_EXHAUSTED: RateLimitResult = /* @__PURE__ */ Object.freeze({
  ok: false,
  issues: /* @__PURE__ */ Object.freeze([/* @__PURE__ */ Object.freeze({ code: "too_deep", path: "", message: "could not be read: the engine's stack is exhausted", params: /* @__PURE__ */ Object.freeze({ limit: null }) })]),
}) as RateLimitResult;

/** Never throws: headers that throw when read are `unreadable`. */
export function parseRateLimitHeadersWith(specs: readonly RateLimitHeaderSpec[], headers: unknown): RateLimitResult {
  try {
    try {
      return parse(specs, headers);
    } catch (thrown) {
      const e = thrownErrorAtTop(thrown, "");
      if (e.keyword === "maxDepth") return STACK_EXHAUSTED;
      return { ok: false, issues: [{ code: "unreadable", path: "", message: `could not be read: ${String(e.params.reason)}` }] };
    }
  } catch {
    return STACK_EXHAUSTED;
  }
}
