/**
 * One difference between two specs: what kind of change it is, where, and what it means for each
 * generated package (the rules that decide it are in classify.ts).
 */
import type { ChangeKind } from "./classify.js";
import type { ChangeLevel, Impact } from "./levels.js";

/** Keep a Changelog's sections; `Fixed` holds the changes that are only documentation. */
export type Section = "Added" | "Changed" | "Removed" | "Fixed";

export interface SpecChange {
  readonly kind: ChangeKind;
  /** The largest level over the packages: what `specVersion`, which every package takes, needs. */
  readonly level: ChangeLevel;
  readonly impact: Impact;
  /** Where the change is, e.g. `FLOW:DELAY_FLOW params.units` or `record CreateFlowRequestContent.name`. */
  readonly where: string;
  /** What changed, e.g. `enum: removed "DAYS"`. */
  readonly what: string;
  /** What a consumer changes in their code; present on every change that is major for a package. */
  readonly migration?: string;
}

/** The values a change went from and to, for its migration note. */
export interface ChangeDetail {
  readonly before?: unknown;
  readonly after?: unknown;
}

/** What `where` names, without the section word: `record X.y` → `X.y`. */
export function subjectOf(where: string): string {
  return where.replace(/^(record|type|operation|format|error|limit|auth rule|interface|lifecycle label) /, "");
}
