/**
 * Actions in lists: what the generated code calls for each item wherever the spec says
 * `$ref: FlowAction` (the flow's list, the `then`/`else` lists of FLOW/BOOLEAN_CONDITION). It keeps
 * the cost linear when one action object is reached by many paths, and turns whatever reading the
 * action throws (a getter, a Proxy, the engine's stack) into that action's error.
 *
 * Shared objects. Input built in process, or parsed from YAML with aliases, can reach one action
 * object by many paths: 26 conditions whose `then` lists each hold the next one twice are 2^26 paths
 * to the innermost action, and an action that holds itself from `then` and `else` is 4^32 paths
 * deep before `maxDepth` stops it. What an action gives depends on nothing but the object and the
 * depth it is checked at, so two measures keep the work linear in the input's distinct objects
 * (times `maxDepth`):
 *
 * - an item that is the same object as the item just before it, at the same depth, gets the same
 *   answer without being read again (a list of 100,000 references to one action costs one check);
 * - once actions inside other actions have been checked more than a few dozen times, and more than
 *   twice as often as actions at the top (until then the work is linear in the top list's length),
 *   a run keeps what it found for each action object at each depth, and gives the same answer when
 *   the object comes again at that depth. A flow of actions with few nested ones, however long,
 *   never pays for that map.
 *
 * The issues are those of the same value written out as JSON: a shared invalid action is reported
 * at every path that reaches it, in order, up to `maxIssues`. Repeating kept answers is bounded as
 * well, by `maxRepeatedIssues`, past which the run stops as at the cap (written out, a cycle is
 * infinite), so the cost stays linear whatever `maxIssues` is. An answer the cap cut short is not
 * kept.
 */
import { NO_ERRORS, type Check, type RawError, type RunContext } from "./context.js";
import { copyError } from "./raw-errors.js";
import { thrownError } from "./thrown.js";

/** Nested actions checked before answers may be shared: a flow this small never pays for the map. */
const SHARE_AFTER = 64;

/**
 * Pushes copies of a kept answer's errors (they will be prefixed with this path); with `allErrors`,
 * no more than the repeat budget leaves room for (at least one, as checking would have), and once
 * the budget is spent the run stops as at `maxIssues`. Returns how many.
 */
function replay(c: RunContext, errors: readonly RawError[]): number {
  const count = c.a ? Math.min(errors.length, Math.max(1, c.repeatsLeft)) : errors.length;
  for (let i = 0; i < count; i++) c.e.push(copyError(errors[i]!));
  if (c.a && (c.repeatsLeft -= count) <= 0) c.m = c.e.length;
  return count;
}

/** Keeps what an action just checked gave: for the next item if it is the same object, and in the map once sharing is on. */
function keep(c: RunContext, value: object, depth: number, start: number): void {
  const errors = c.e.length === start ? NO_ERRORS : c.e.slice(start).map(copyError);
  c.lastAction = value;
  c.lastDepth = depth;
  c.lastErrors = errors;
  if (c.shared === null && c.nestedDispatched > SHARE_AFTER && c.nestedDispatched > 2 * c.topDispatched) c.shared = new Map();
  if (c.shared === null) return;
  let byDepth = c.shared.get(value);
  if (byDepth === undefined) c.shared.set(value, (byDepth = []));
  byDepth[depth] = errors;
}

/** Checks one action of a list, at depth `c.d`; returns how many errors it pushed. */
export function checkListedAction(c: RunContext, value: unknown, check: Check): number {
  const depth = c.d;
  const isObject = typeof value === "object" && value !== null;
  // Only objects are kept: a null or a number after one that failed is checked again, not replayed.
  if (isObject && value === c.lastAction && depth === c.lastDepth) return replay(c, c.lastErrors);
  if (isObject && c.shared !== null) {
    const kept = c.shared.get(value)?.[depth];
    if (kept !== undefined) return replay(c, kept);
  }
  if (depth === 0) c.topDispatched++;
  else c.nestedDispatched++;
  const start = c.e.length;
  let n: number;
  try {
    n = check(value, c);
  } catch (thrown) {
    // What the action threw becomes its one error: what it found before is dropped, the depth restored.
    c.d = depth;
    c.e.length = start;
    c.e.push(thrownError(thrown, ""));
    n = 1;
  }
  c.lastAction = null;
  try {
    if (isObject && !(c.a && c.e.length >= c.m)) keep(c, value, depth, start);
  } catch {
    // Near the stack limit keeping can overflow too: the answer is then simply not kept.
  }
  return n;
}
