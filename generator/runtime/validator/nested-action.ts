/**
 * Actions in lists: what the generated code calls for each item wherever the spec says
 * `$ref: FlowAction` (the flow's list, the `then`/`else` lists of FLOW/BOOLEAN_CONDITION). It keeps
 * the cost linear when one action object is reached by many paths, and turns whatever reading the
 * action throws (a getter, a Proxy, the engine's stack) into that action's error.
 *
 * Shared objects. Input built in process, or parsed from YAML with aliases, can reach one action
 * object by many paths: 26 conditions whose `then` lists each hold the next one twice are 2^26 paths
 * to the innermost action. Two measures keep the work linear in the input's distinct objects:
 *
 * - an item that is the same object as the item just before it, at the same depth, gets the same
 *   answer without being read again (a list of 100,000 references to one action costs one check);
 * - once actions inside other actions have been checked more than a few dozen times, and more than
 *   twice as often as actions at the top (until then the work is linear in the top list's length),
 *   a run keeps what it found for each action object (its errors and how many levels of actions it
 *   holds) and gives the same answer when the object comes again at a depth where that walk still
 *   fits under `maxDepth`. A flow of actions with few nested ones, however long, never pays for
 *   that map.
 *
 * An answer that depended on the depth (a `too_deep` inside) is never reused. The issues are those
 * of the same value written out as JSON: a shared invalid action is reported at every path that
 * reaches it, in order.
 */
import type { Check, RawError, RunContext, SharedVerdict } from "./context.js";
import { copyError } from "./raw-errors.js";
import { thrownError } from "./thrown.js";

/** Nested actions checked before verdicts may be shared: a flow this small never pays for the map. */
const SHARE_AFTER = 64;

const VALID: SharedVerdict = { errors: [], height: 1 };

/** Pushes copies of a kept verdict's errors (they will be prefixed with this path); returns how many. */
function replay(c: RunContext, verdict: SharedVerdict): number {
  const deepest = c.d + verdict.height - 1;
  if (deepest > c.reach) c.reach = deepest;
  for (const e of verdict.errors) c.e.push(copyError(e));
  return verdict.errors.length;
}

/** The verdict kept for `value`, if one fits at the current depth. */
function sharedVerdict(c: RunContext, value: object): SharedVerdict | undefined {
  const kept = c.shared!.get(value);
  return kept !== undefined && c.d + kept.height <= c.x ? kept : undefined;
}

const NO_ERRORS: readonly RawError[] = [];

function verdictOf(c: RunContext, start: number, height: number): SharedVerdict {
  if (c.e.length === start) return height === 1 ? VALID : { errors: NO_ERRORS, height };
  return { errors: c.e.slice(start).map(copyError), height };
}

/** Turns sharing on when the nested actions outnumber what a tree-shaped input could have. */
function shouldShare(c: RunContext): boolean {
  return c.nestedDispatched > SHARE_AFTER && c.nestedDispatched > 2 * c.topDispatched;
}

/** What the action threw becomes its one error: what it found before is dropped, the depth restored. */
function thrownAction(c: RunContext, thrown: unknown, depth: number, start: number): number {
  c.d = depth;
  c.e.length = start;
  const e: RawError = thrownError(thrown, "");
  if (e.keyword === "maxDepth") c.depthErrors++;
  c.e.push(e);
  return 1;
}

/** Keeps the verdict of an action just checked: for the next item if it is the same object, and in the map once sharing is on. */
function keep(c: RunContext, value: object, depth: number, start: number, height: number): void {
  const verdict = verdictOf(c, start, height);
  c.lastAction = value;
  c.lastDepth = depth;
  c.lastVerdict = verdict;
  if (c.shared === null && shouldShare(c)) c.shared = new Map();
  if (c.shared !== null) c.shared.set(value, verdict);
}

/** A repeat of the item before, or an object whose verdict is kept: its answer again (undefined if none). */
function known(c: RunContext, value: unknown, depth: number): number | undefined {
  if (value === c.lastAction && depth === c.lastDepth) return replay(c, c.lastVerdict!);
  if (c.shared === null || typeof value !== "object" || value === null) return undefined;
  const kept = sharedVerdict(c, value);
  return kept === undefined ? undefined : replay(c, kept);
}

/** An answer that depended on the depth is not kept, not even for the next item. */
function forget(c: RunContext): void {
  c.lastAction = null;
  c.lastDepth = -1;
}

/** Checks one action of a list, at depth `c.d`; returns how many errors it pushed. */
export function checkListedAction(c: RunContext, value: unknown, check: Check): number {
  const depth = c.d;
  if (value === c.lastAction || c.shared !== null) {
    const answer = known(c, value, depth);
    if (answer !== undefined) return answer;
  }
  if (depth === 0) c.topDispatched++;
  else c.nestedDispatched++;
  const outerReach = c.reach;
  const depthErrorsBefore = c.depthErrors;
  const start = c.e.length;
  c.reach = depth;
  let n: number;
  try {
    n = check(value, c);
  } catch (thrown) {
    n = thrownAction(c, thrown, depth, start);
  }
  const height = c.reach - depth + 1;
  if (outerReach > c.reach) c.reach = outerReach;
  if (c.depthErrors === depthErrorsBefore && typeof value === "object" && value !== null) keep(c, value, depth, start, height);
  else forget(c);
  return n;
}
