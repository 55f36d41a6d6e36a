/**
 * What one validation run carries through the generated checks, and the error records they produce
 * before they become public issues.
 *
 * The generated code reads the context on every failure and in every loop, so its fields that code
 * uses have one-letter names: they survive minification and appear hundreds of times. A run takes a
 * spare context instead of building one (a re-entrant run, from a getter, builds its own).
 */

/** An error as the generated code or the runtime reports it; the issue mapping reads these. */
export interface RawError {
  /**
   * JSON Pointer of the value the error is about (for `required`, of the object), relative to the
   * value being checked while the error travels up; each level puts its own segment in front.
   */
  instancePath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A generated check: the errors it found are pushed onto `c.e`, and it returns how many. */
export type Check = (value: unknown, c: RunContext) => number;

/** What checking one action object found, kept for the other paths that reach the same object. */
export interface SharedVerdict {
  /** Copies of its errors, relative to the action (empty when valid). */
  readonly errors: readonly RawError[];
  /** Levels of actions walked, the action itself included (1 for an action with no nested ones). */
  readonly height: number;
}

export class RunContext {
  /** allErrors: collect every error (up to `m`) instead of stopping at the first. */
  a = false;
  /** maxIssues. */
  m = 100;
  /** The errors found so far, in the order the issues will have. */
  readonly e: RawError[] = [];
  /** How many actions enclose the value being checked. */
  d = 0;
  /** maxDepth. */
  x = 32;
  /** The deepest `d` an action was checked at, within the action being checked. */
  reach = 0;
  /** Errors that depend on the depth they were found at (`maxDepth`, the engine's stack). */
  depthErrors = 0;
  /** Actions checked at the top of a list (depth 0) and below it; see nested-action.ts. */
  topDispatched = 0;
  nestedDispatched = 0;
  /** Verdicts by action object, once sharing is on (null before). */
  shared: Map<object, SharedVerdict> | null = null;
  /** The last action checked in a list, at which depth, and what it gave: a repeat costs nothing. */
  lastAction: object | null = null;
  lastDepth = -1;
  lastVerdict: SharedVerdict | null = null;
}

let spare: RunContext | null = null;

/** A context for one run, with the options applied. */
export function takeContext(allErrors: boolean, maxIssues: number, maxDepth: number): RunContext {
  let c = spare;
  if (c === null) c = new RunContext();
  else spare = null;
  c.a = allErrors;
  c.m = maxIssues;
  c.x = maxDepth;
  return c;
}

/** Hands a context back once its errors are read; the next run starts from a clean one. */
export function releaseContext(c: RunContext): void {
  if (c.e.length !== 0) c.e.length = 0;
  c.d = 0;
  c.reach = 0;
  c.depthErrors = 0;
  c.topDispatched = 0;
  c.nestedDispatched = 0;
  c.shared = null;
  c.lastAction = null;
  c.lastDepth = -1;
  c.lastVerdict = null;
  spare = c;
}
