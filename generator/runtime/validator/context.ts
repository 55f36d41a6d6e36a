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

/** An action's answer when it has no errors, and what a context holds between runs (no allocation per run). */
export const NO_ERRORS: readonly RawError[] = [];

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
  /** How many more errors replaying kept verdicts may push (maxRepeatedIssues); see nested-action.ts. */
  repeatsLeft = 1000;
  /** Actions checked at the top of a list (depth 0) and below it; see nested-action.ts. */
  topDispatched = 0;
  nestedDispatched = 0;
  /** What each action object gave (its errors, relative to it), by the depth it was checked at, once sharing is on (null before). */
  shared: Map<object, (readonly RawError[])[]> | null = null;
  /** The last action checked in a list, at which depth, and what it gave: a repeat costs nothing. */
  lastAction: object | null = null;
  lastDepth = -1;
  lastErrors: readonly RawError[] = NO_ERRORS;
}

let spare: RunContext | null = null;

/** A context for one run, with the options applied. */
export function takeContext(allErrors: boolean, maxIssues: number, maxDepth: number, maxRepeatedIssues: number): RunContext {
  let c = spare;
  if (c === null) c = new RunContext();
  else spare = null;
  c.a = allErrors;
  c.m = maxIssues;
  c.x = maxDepth;
  c.repeatsLeft = maxRepeatedIssues;
  return c;
}

/** Hands a context back once its errors are read; the next run starts from a clean one. */
export function releaseContext(c: RunContext): void {
  if (c.e.length !== 0) c.e.length = 0;
  c.d = 0;
  c.topDispatched = 0;
  c.nestedDispatched = 0;
  c.shared = null;
  c.lastAction = null;
  c.lastDepth = -1;
  c.lastErrors = NO_ERRORS;
  spare = c;
}
