/**
 * One difference between two specs and the semver level it needs.
 *
 * The rules (see classify.ts for the comparisons that apply them) take the side of a client that
 * sends requests and a service that checks them with the generated validator.
 */

/** Ordered from the smallest to the largest bump, so a bigger index is a bigger bump. */
export const LEVELS = ["patch", "minor", "major"] as const;

export type ChangeLevel = (typeof LEVELS)[number];

export interface SpecChange {
  readonly level: ChangeLevel;
  /** Where the change is, e.g. `FLOW:DELAY_FLOW params.units` or `record CreateFlowRequestContent.name`. */
  readonly where: string;
  /** What changed, e.g. `enum: removed "DAYS"`. */
  readonly what: string;
}

/** Collects changes in the order the walk finds them. */
export class ChangeList {
  readonly changes: SpecChange[] = [];

  add(level: ChangeLevel, where: string, what: string): void {
    this.changes.push({ level, where, what });
  }
}

/** A value as it should read in a change line: strings quoted, everything else as JSON. */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}
