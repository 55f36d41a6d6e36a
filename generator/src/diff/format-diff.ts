/**
 * The text `flowspec diff` prints: one line per change, then a count, the bump and the verdict.
 */
import type { SpecDiff } from "./diff-specs.js";

/** `major  FLOW:DELAY_FLOW params.units enum: removed "DAYS"`: levels padded to one width. */
export function changeLines(diff: SpecDiff): string[] {
  return diff.changes.map((c) => `${c.level.padEnd(5)}  ${c.where} ${c.what}`);
}

function countLine(diff: SpecDiff): string {
  if (diff.changes.length === 0) return "no changes";
  const count = (level: string) => diff.changes.filter((c) => c.level === level).length;
  const total = `${diff.changes.length} change${diff.changes.length === 1 ? "" : "s"}`;
  return `${total}: ${count("major")} major, ${count("minor")} minor, ${count("patch")} patch`;
}

function verdictLine(diff: SpecDiff): string {
  const versions = `specVersion ${diff.oldVersion} → ${diff.newVersion}`;
  if (diff.minimumVersion === undefined) return `${versions}: the old version is not semver (x.y.z); cannot check the bump`;
  if (diff.sufficient) return `${versions}: ok`;
  return `${versions}: not enough; needs at least ${diff.minimumVersion}`;
}

export function formatDiff(diff: SpecDiff): string[] {
  return [...changeLines(diff), countLine(diff), `required bump: ${diff.bump}`, verdictLine(diff)];
}
