/**
 * How big a change is, overall and for each generated package: the levels, from patch to major,
 * and the packages a change can touch.
 */

/** Ordered from the smallest to the largest bump, so a bigger index is a bigger bump. */
export const LEVELS = ["patch", "minor", "major"] as const;

export type ChangeLevel = (typeof LEVELS)[number];

/** A package's level for one change; `none` when the package does not show what changed. */
export type PackageLevel = ChangeLevel | "none";

/** The generated packages, in the order changelogs and diff lines list them. */
export const PACKAGES = ["types", "validator", "schema", "reference"] as const;

export type PackageName = (typeof PACKAGES)[number];

/**
 * Generated packages without a level of their own, and the package whose level they take: the
 * fixtures encode the validator's verdicts, so they change when it does.
 */
export const LEVEL_TAKEN_FROM = { fixtures: "validator" } as const satisfies Readonly<Record<string, PackageName>>;

export type Impact = Readonly<Record<PackageName, PackageLevel>>;

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

/** A value as it should read in a change line: strings quoted, everything else as JSON. */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}
