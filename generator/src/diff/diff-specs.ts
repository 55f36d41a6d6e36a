/**
 * `diffSpecs(before, after)`: the changes between two spec IRs, the bump they need (overall and per
 * package), and whether the new `specVersion` provides it.
 */
import type { SpecIR } from "../ir/model.js";
import { isSufficient, minimumVersion, packageBumps, parseVersion, requiredBump, versionText, type Bump } from "./bump.js";
import type { PackageName } from "./levels.js";
import type { SpecChange } from "./change.js";
import { listChanges } from "./diff-ir.js";

export interface SpecDiff {
  readonly changes: readonly SpecChange[];
  /** The largest level of any change: every package takes `specVersion`, so this is the spec's bump. */
  readonly bump: Bump;
  /** The bump each package would need on its own. */
  readonly packages: Readonly<Record<PackageName, Bump>>;
  readonly oldVersion: string;
  readonly newVersion: string;
  /** The smallest version the new spec needs; absent when the old version is not semver. */
  readonly minimumVersion?: string;
  /** True when the new version is at least `bump` above the old one. */
  readonly sufficient: boolean;
}

export function diffSpecs(before: SpecIR, after: SpecIR): SpecDiff {
  const changes = listChanges(before, after);
  const bump = requiredBump(changes);
  const base = { changes, bump, packages: packageBumps(changes), oldVersion: before.version, newVersion: after.version };
  const from = parseVersion(before.version);
  const to = parseVersion(after.version);
  if (!from) return { ...base, sufficient: false };
  const minimum = minimumVersion(from, bump);
  return { ...base, minimumVersion: versionText(minimum), sufficient: to !== undefined && isSufficient(from, to, bump) };
}
