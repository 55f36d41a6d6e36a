/**
 * Semver arithmetic for `flowspec diff`: the bump a list of changes needs, and whether the new
 * `specVersion` is far enough above the old one.
 */
import { LEVELS, maxLevel, PACKAGES, type ChangeLevel, type PackageLevel, type PackageName } from "./levels.js";
import { type SpecChange } from "./change.js";
import { unreachable } from "../base/internal-error.js";

export type Bump = ChangeLevel | "none";

export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** `1.2.3` (a pre-release or build suffix is ignored); undefined when it is not semver. */
export function parseVersion(text: string): Version | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

/** The largest level among the changes. */
export function requiredBump(changes: readonly SpecChange[]): Bump {
  let index = -1;
  for (const change of changes) index = Math.max(index, LEVELS.indexOf(change.level));
  return index < 0 ? "none" : LEVELS[index]!;
}

/** The bump each package needs on its own: the largest of its levels (`none` when nothing shows in it). */
export function packageBumps(changes: readonly SpecChange[]): Record<PackageName, Bump> {
  const out = {} as Record<PackageName, Bump>;
  for (const name of PACKAGES) {
    let level: PackageLevel = "none";
    for (const change of changes) level = maxLevel(level, change.impact[name]);
    out[name] = level;
  }
  return out;
}

/** The smallest version that is `bump` above `from`. */
export function minimumVersion(from: Version, bump: Bump): Version {
  switch (bump) {
    case "none":
      return from;
    case "patch":
      return { ...from, patch: from.patch + 1 };
    case "minor":
      return { major: from.major, minor: from.minor + 1, patch: 0 };
    case "major":
      return { major: from.major + 1, minor: 0, patch: 0 };
    default:
      return unreachable(bump, "bump");
  }
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export function versionText(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

/** True when `to` is at least `bump` above `from` (a larger bump is fine too). */
export function isSufficient(from: Version, to: Version, bump: Bump): boolean {
  return compareVersions(to, minimumVersion(from, bump)) >= 0;
}
