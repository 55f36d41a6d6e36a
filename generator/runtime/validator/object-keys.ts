/**
 * The errors of an object's keys, in the order JSON Schema validators give them: each required
 * property that is missing, then (for a closed object) each property it does not allow, in key
 * order. The generated code has already read the declared properties in one pass over the keys and
 * calls this only when something is wrong, so none of it runs on valid input.
 *
 * A misspelt key is one mistake, not two: an unknown key that closely resembles a declared property
 * the object lacks (suggest.ts decides) is reported as `unknown_property` with that name in
 * `params.suggestion`, and if that property is required, its `required` error is folded into it.
 */
import type { RunContext } from "./context.js";
import { reportError } from "./raw-errors.js";
import { closestMatch } from "./suggest.js";

/** Unknown keys compared with the declared names: enough for any real typo, bounded on hostile input. */
const TYPO_SCAN = 100;

/** Own enumerable keys that are not declared, in Object.keys order. */
function unknownKeys(value: object, names: readonly string[]): string[] {
  const unknown: string[] = [];
  for (const key of Object.keys(value)) if (!names.includes(key)) unknown.push(key);
  return unknown;
}

/** For each of the first unknown keys, the absent declared property it resembles (or undefined). */
function typos(unknown: readonly string[], absent: readonly string[]): (string | undefined)[] {
  if (absent.length === 0) return [];
  return unknown.slice(0, TYPO_SCAN).map((key) => closestMatch(key, absent));
}

/** `required` as the generated code writes it: bit i set when `names[i]` is required, or a flag per name (more than 30 names). */
export function isRequired(required: number | readonly boolean[], i: number): boolean {
  return typeof required === "number" ? (required & (1 << i)) !== 0 : required[i] === true;
}

/**
 * Reports the key errors of `value`. `names` are the declared properties in schema order, `values`
 * what the generated code read for each (undefined: absent), `required` marks the required ones.
 * `closed`: other keys are errors. Returns how many errors were pushed.
 */
export function keyErrors(c: RunContext, value: object, names: readonly string[], required: number | readonly boolean[], values: readonly unknown[], closed = true): number {
  const unknown = closed ? unknownKeys(value, names) : [];
  const absent = names.filter((_, i) => values[i] === undefined);
  const suggested = typos(unknown, absent);
  let n = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (!isRequired(required, i) || values[i] !== undefined || suggested.includes(name)) continue;
    n += reportError(c, "", "required", { missingProperty: name });
    if (!c.a) return n;
  }
  for (let i = 0; i < unknown.length; i++) {
    const key = unknown[i]!;
    const suggestion = suggested[i];
    n += reportError(c, "", "additionalProperties", suggestion === undefined ? { additionalProperty: key } : { additionalProperty: key, suggestion });
    if (!c.a || c.e.length >= c.m) return n;
  }
  return n;
}
