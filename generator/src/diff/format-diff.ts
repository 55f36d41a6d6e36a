/**
 * The text `flowspec diff` prints: one line per change with its level for each package where the
 * packages differ, then a count, the bump per package, the spec's bump and the verdict.
 */
import { LEVEL_TAKEN_FROM, PACKAGES, type Impact } from "./levels.js";
import type { SpecDiff } from "./diff-specs.js";

/** `types major; validator, schema, reference minor`: packages grouped by level, largest first. */
export function impactText(impact: Impact): string {
  const groups: string[] = [];
  for (const level of ["major", "minor", "patch"] as const) {
    const names = PACKAGES.filter((name) => impact[name] === level);
    if (names.length > 0) groups.push(`${names.join(", ")} ${level}`);
  }
  return groups.join("; ");
}

/** `major  FLOW:DELAY_FLOW params.units enum: removed "DAYS"`, with `  (types major; …)` when the packages differ. */
export function changeLines(diff: Pick<SpecDiff, "changes">): string[] {
  return diff.changes.map((c) => {
    const uniform = PACKAGES.every((name) => c.impact[name] === c.level);
    return `${c.level.padEnd(5)}  ${c.where} ${c.what}${uniform ? "" : `  (${impactText(c.impact)})`}`;
  });
}

function countLine(diff: SpecDiff): string {
  if (diff.changes.length === 0) return "no changes";
  const count = (level: string) => diff.changes.filter((c) => c.level === level).length;
  const total = `${diff.changes.length} change${diff.changes.length === 1 ? "" : "s"}`;
  return `${total}: ${count("major")} major, ${count("minor")} minor, ${count("patch")} patch`;
}

/** `per package: types minor, …, fixtures minor`: every generated package, those without a level of their own too. */
function packagesLine(diff: SpecDiff): string {
  const own = PACKAGES.map((name) => `${name} ${diff.packages[name]}`);
  const taken = Object.entries(LEVEL_TAKEN_FROM).map(([name, from]) => `${name} ${diff.packages[from]}`);
  return `per package: ${[...own, ...taken].join(", ")}`;
}

function verdictLine(diff: SpecDiff): string {
  const versions = `specVersion ${diff.oldVersion} → ${diff.newVersion}`;
  if (diff.minimumVersion === undefined) return `${versions}: the old version is not semver (x.y.z); cannot check the bump`;
  if (diff.sufficient) return `${versions}: ok`;
  return `${versions}: not enough; needs at least ${diff.minimumVersion}`;
}

export function formatDiff(diff: SpecDiff): string[] {
  return [...changeLines(diff), countLine(diff), packagesLine(diff), `required bump: ${diff.bump}`, verdictLine(diff)];
}
