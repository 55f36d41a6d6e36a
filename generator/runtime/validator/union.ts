/**
 * The error of a failed union (`oneOf`, `anyOf`). The generated code tries each branch whose type
 * fits the value (a branch whose type does not fit is not run at all, so a valid value builds no
 * error), and calls this only when the union fails: the errors the branches pushed are taken off the
 * list and folded into one error that carries each branch's errors (`params.branches`), so the issue
 * mapping (union-issues.ts) can name the branch the value was meant for.
 */
import type { RawError, RunContext } from "./context.js";

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
