/**
 * A union (`oneOf`, `anyOf`) once its generated fast path did not decide (unionCheck): each member
 * whose type fits the value runs (a member whose type does not fit is not run at all, so a valid
 * value builds no error); when the union fails, the errors the members pushed are taken off the
 * list and folded into one error that carries each member's errors (`params.branches`, their paths
 * relative to the union's value, as the members pushed them), so the issue mapping
 * (union-issues.ts) can name the member the value was meant for.
 */
import type { RawError, RunContext } from "./context.js";
import { entryErrors, type ErrorEntry } from "./property-errors.js";
import { hasType, type ScalarSchema } from "./scalar-errors.js";

/**
 * `start`: the error count before the first branch; `counts[i]`: the errors branch i pushed, or -1
 * when the value's type did not fit it (its one error is then `type`, with `types[i]`).
 */
export function unionError(c: RunContext, start: number, keyword: "oneOf" | "anyOf", passing: unknown, counts: readonly number[], types: readonly string[]): number {
  const branches: RawError[][] = [];
  let at = start;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i]!;
    if (count < 0) {
      branches.push([{ instancePath: "", keyword: "type", params: { type: types[i] } }]);
    } else {
      branches.push(c.e.slice(at, at + count));
      at += count;
    }
  }
  c.e.length = start;
  c.e.push({ instancePath: "", keyword, params: { passing, branches } });
  return 1;
}

/** Drops what the branches of a union that passed pushed; returns 0, the union's error count. */
export function unionPassed(c: RunContext, start: number): number {
  if (c.e.length !== start) c.e.length = start;
  return 0;
}

/**
 * The full evaluation of a union that its generated fast path did not let through (most often a
 * value that fits no member): in order, each member whose type fits the value runs (`members[i]`,
 * see property-errors.ts), the others count -1; `types[i]` is "" for a member that always runs.
 * `anyOf` passes at the first member that passes; `oneOf` keeps Ajv's `valid`/`passing`
 * bookkeeping, so the `passing` it reports is Ajv's. Written once here instead of unrolled in every
 * union's function. Returns the union's error count (0 or 1).
 */
export function unionCheck(c: RunContext, value: unknown, keyword: "oneOf" | "anyOf", members: readonly ErrorEntry[], types: readonly string[]): number {
  const start = c.e.length;
  const counts: number[] = [];
  let valid = false;
  let passing: unknown = null;
  for (let i = 0; i < members.length; i++) {
    const type = types[i]!;
    const count = type !== "" && !hasType(value, type as ScalarSchema["type"]) ? -1 : entryErrors(c, value, members[i]!);
    counts.push(count);
    if (count !== 0) continue;
    if (keyword === "anyOf") return unionPassed(c, start);
    if (valid) {
      valid = false;
      passing = [passing, i];
    } else {
      valid = true;
      passing = i;
    }
  }
  return valid ? unionPassed(c, start) : unionError(c, start, keyword, passing, counts, types);
}
