/**
 * One difference between two specs: what kind of change it is, where, and what it means for each
 * generated package (the rules that decide it are in classify.ts).
 */
import { RULES, type ChangeKind, type Rule } from "./classify.js";

/** Ordered from the smallest to the largest bump, so a bigger index is a bigger bump. */
export const LEVELS = ["patch", "minor", "major"] as const;

export type ChangeLevel = (typeof LEVELS)[number];

/** A package's level for one change; `none` when the package does not show what changed. */
export type PackageLevel = ChangeLevel | "none";

/** The generated packages, in the order changelogs and diff lines list them. */
export const PACKAGES = ["types", "validator", "schema", "reference"] as const;

export type PackageName = (typeof PACKAGES)[number];

export type Impact = Readonly<Record<PackageName, PackageLevel>>;

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

/** The larger of two levels; `none` is below `patch`. */
export function maxLevel(a: PackageLevel, b: PackageLevel): PackageLevel {
  if (a === "none") return b;
  if (b === "none") return a;
  return LEVELS.indexOf(a) >= LEVELS.indexOf(b) ? a : b;
}

/** The largest level any package gets (every rule gives at least one package a level). */
export function overallLevel(impact: Impact): ChangeLevel {
  let level: PackageLevel = "none";
  for (const name of PACKAGES) level = maxLevel(level, impact[name]);
  return level === "none" ? "patch" : level;
}

/** What `where` names, without the section word: `record X.y` → `X.y`. */
export function subjectOf(where: string): string {
  return where.replace(/^(record|type|operation|format|error|limit|auth rule|interface|lifecycle label) /, "");
}

/** Collects changes in the order the walk finds them; each kind's levels come from `RULES`. */
export class ChangeList {
  readonly changes: SpecChange[] = [];

  add(kind: ChangeKind, where: string, what: string, detail: ChangeDetail = {}): void {
    const rule: Rule = RULES[kind];
    const level = overallLevel(rule.impact);
    const hasMajor = PACKAGES.some((name) => rule.impact[name] === "major");
    const migration = hasMajor && rule.migrate ? rule.migrate({ where, subject: subjectOf(where), what, ...detail }) : undefined;
    this.changes.push({ kind, level, impact: rule.impact, where, what, ...(migration !== undefined && { migration }) });
  }
}

/** A value as it should read in a change line: strings quoted, everything else as JSON. */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}
