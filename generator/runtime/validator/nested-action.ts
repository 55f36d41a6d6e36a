/**
 * Nested flow actions: what the compiled code calls wherever the spec says `$ref: FlowAction` (the
 * flow's list, the `then`/`else` lists of FLOW/BOOLEAN_CONDITION), with `this` bound to the run.
 *
 * Shared objects. Input built in process, or parsed from YAML with aliases, can reach one action
 * object by many paths: 26 conditions whose `then` lists each hold the next one twice are 2^26 paths
 * to the innermost action. So, past a few dozen nested actions, a run keeps what it found for each
 * action object (its errors and how many levels of actions it holds) and gives the same answer when
 * the object comes again at a depth where that walk still fits under `maxDepth`: the work is then
 * linear in the distinct objects. An answer that depended on the depth (a `too_deep` inside) is not
 * kept. The issues are those of the same value written out as JSON: a shared invalid action is
 * reported at every path that reaches it, in order, up to `maxIssues` (in first-error mode, at the
 * first path).
 *
 * The issue cap. With `allErrors`, once the run holds `maxIssues` errors the remaining actions are
 * skipped: one marker error keeps the run invalid (the generator makes sure no FlowAction sits inside
 * a union, where errors can be discarded), and no time or memory goes to issues nobody will see.
 */
import type { RawError, RunContext } from "./context.js";
import { dispatchAction } from "./dispatch.js";
import { thrownError } from "./thrown.js";

/** Nested actions checked before verdicts are shared: a flow this small never pays for the map. */
const SHARE_AFTER = 64;

const NOTHING_MORE: RawError[] = [];
const CAPPED: RawError[] = [{ instancePath: "", keyword: "$capped", params: {} }];

/** The verdict kept for `value`, if one fits at the current depth. */
function sharedVerdict(ctx: RunContext, value: unknown): RawError[] | null | undefined {
  if (ctx.shared === null || typeof value !== "object" || value === null) return undefined;
  const kept = ctx.shared.get(value);
  if (kept === undefined || ctx.depth + kept.height > ctx.maxDepth) return undefined;
  const deepest = ctx.depth + kept.height - 1;
  if (deepest > ctx.reach) ctx.reach = deepest;
  if (kept.errors !== null) ctx.nestedIssues += kept.errors.length;
  return kept.errors;
}

function keep(ctx: RunContext, value: unknown, errors: RawError[] | null, height: number): void {
  if (ctx.shared === null) {
    if (ctx.dispatched <= SHARE_AFTER) return;
    ctx.shared = new Map();
  }
  if (typeof value === "object" && value !== null) ctx.shared.set(value, { errors, height });
}

/** Dispatches one action; whatever it throws (a getter, a Proxy, the stack) becomes its error. */
function dispatchGuarded(ctx: RunContext, value: unknown): RawError[] | null {
  const depth = ctx.depth;
  try {
    return dispatchAction(ctx, value);
  } catch (thrown) {
    // The issue stays at the action, and the depth is what it was before it.
    ctx.depth = depth;
    const e = thrownError(thrown, "");
    if (e.keyword === "maxDepth") ctx.depthErrors++;
    return [e];
  }
}

export function checkNestedAction(this: RunContext, value: unknown): RawError[] | null {
  if (this.allErrors && this.nestedIssues >= this.maxIssues) {
    if (this.nestedIssues > this.maxIssues) return NOTHING_MORE;
    this.nestedIssues++;
    return CAPPED;
  }
  const known = sharedVerdict(this, value);
  if (known !== undefined) return known;
  const depth = this.depth;
  const outerReach = this.reach;
  const issuesBefore = this.nestedIssues;
  const depthErrorsBefore = this.depthErrors;
  this.reach = depth;
  this.dispatched++;
  const errors = dispatchGuarded(this, value);
  const height = this.reach - depth + 1;
  if (outerReach > this.reach) this.reach = outerReach;
  // The errors of the actions nested in this one are part of `errors`: count them once.
  if (errors !== null) this.nestedIssues = issuesBefore + errors.length;
  if (this.depthErrors === depthErrorsBefore) keep(this, value, errors, height);
  return errors;
}
