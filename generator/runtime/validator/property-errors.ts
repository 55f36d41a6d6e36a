/**
 * The error paths the generated checks share instead of spelling out: an object's properties once
 * one of their quick tests failed, a union's members once its fast path did not decide. What runs
 * for a value is an entry the generator writes per property or member: 0 (nothing can fail), a
 * scalar's constant (`scalarErrors` words the errors, also for a bare object or array type), or the
 * generated check of the value's shape.
 */
import type { Check, RunContext } from "./context.js";
import { isRequired, keyErrors } from "./object-keys.js";
import { ownValues } from "./own.js";
import { keySegment, prefixLast } from "./raw-errors.js";
import { scalarErrors, type ScalarSchema } from "./scalar-errors.js";

export type ErrorEntry = 0 | Check | ScalarSchema;

/** Pushes the errors of `value` against `entry` (paths relative to `value`); returns how many. */
export function entryErrors(c: RunContext, value: unknown, entry: ErrorEntry): number {
  if (entry === 0) return 0;
  return typeof entry === "function" ? entry(value, c) : scalarErrors(c, value, "", entry);
}

/**
 * An object's property errors, when its generated code found one of the properties' quick tests
 * failing: each property present (`values[i]` not undefined) in schema order, its errors under
 * `/names[i]`, stopping after the first property with errors unless all are wanted, as the code
 * spelt out would. Returns how many errors were pushed.
 */
export function propertyErrors(c: RunContext, names: readonly string[], entries: readonly ErrorEntry[], values: readonly unknown[]): number {
  let n = 0;
  for (let i = 0; i < names.length; i++) {
    const value = values[i];
    if (value === undefined) continue;
    const r = entryErrors(c, value, entries[i]!);
    if (r === 0) continue;
    n += prefixLast(c, r, keySegment(names[i]!));
    if (!c.a) return n;
  }
  return n;
}

/**
 * The rest of a plain object's check, once its generated code found after the key pass that
 * something is wrong or unusual: the own values of the declared properties the pass did not see
 * (`ownValues`), the key errors if a key is unknown (`unknown`: the pass saw one and the object is
 * closed) or a required property missing, then each property's errors. `names`, `required`
 * (object-keys.ts), `entries` and `values` are per declared property. Returns how many errors were
 * pushed.
 */
export function objectErrors(c: RunContext, value: object, names: readonly string[], required: number | readonly boolean[], entries: readonly ErrorEntry[], values: unknown[], unknown = 0): number {
  ownValues(value, names, values);
  let n = 0;
  if (unknown !== 0 || values.some((v, i) => v === undefined && isRequired(required, i))) {
    n = keyErrors(c, value, names, required, values, unknown !== 0);
    if (n !== 0 && !c.a) return n;
  }
  return n + propertyErrors(c, names, entries, values);
}
