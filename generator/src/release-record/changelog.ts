/**
 * The changelogs: one for the project (every change with its level and, where the packages differ,
 * each package's level) and one per generated package (the changes that reach it, with its level).
 * One section per release, newest first; inside it Added / Changed / Removed / Fixed, where Fixed
 * holds what is only documentation for the reader at hand; each major change carries its migration
 * note. Everything comes from the release record and the pending release, so the text is the same
 * on every run.
 */
import { PACKAGES, type PackageLevel, type PackageName } from "../diff/levels.js";
import { impactText } from "../diff/format-diff.js";
import type { RecordedChange, Release } from "./record.js";

const SECTIONS = ["Added", "Changed", "Removed", "Fixed"] as const;
type ChangelogSection = (typeof SECTIONS)[number];

/** Whose changelog: the project's (and the generator's, which follows the spec) or one package's. */
/**
 * Who reads a changelog. A package's changes are those at its level in the impact table; `label` is
 * its npm name when it differs from `@flowspec/<name>` (a package that takes another's levels).
 */
export type Audience = { readonly kind: "project"; readonly title: string } | { readonly kind: "package"; readonly name: PackageName; readonly title: string; readonly label?: string };

/** A code span that survives backticks inside the text. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

function sectionOf(change: RecordedChange, level: PackageLevel): ChangelogSection {
  return change.section === "Changed" && level === "patch" ? "Fixed" : change.section;
}

function levelFor(change: RecordedChange, audience: Audience): PackageLevel {
  return audience.kind === "project" ? change.level : change.impact[audience.name];
}

function changeLines(change: RecordedChange, level: PackageLevel, audience: Audience): string[] {
  const uniform = PACKAGES.every((name) => change.impact[name] === change.level);
  const packages = audience.kind === "project" && !uniform ? ` (${impactText(change.impact)})` : "";
  const lines = [`- **${level}** ${codeSpan(change.where)}: ${codeSpan(change.what)}${packages}`];
  if (level === "major" && change.migration !== undefined) lines.push(`  - Migration: ${change.migration}`);
  return lines;
}

function releaseSection(release: Release, audience: Audience): string[] {
  const heading = `## ${release.version} — ${release.date ?? "unreleased"}`;
  const lines = [heading, ""];
  if (release.notes !== undefined) lines.push(release.notes.trim(), "");
  const reaching = release.changes.flatMap((change) => {
    const level = levelFor(change, audience);
    return level === "none" ? [] : [{ change, level }];
  });
  if (reaching.length === 0) {
    if (release.notes === undefined || release.changes.length > 0) {
      lines.push(audience.kind === "project" ? "No change to the spec." : "No change reaches this package; it is released in step with the spec.", "");
    }
    return lines;
  }
  for (const section of SECTIONS) {
    const entries = reaching.filter(({ change, level }) => sectionOf(change, level) === section);
    if (entries.length === 0) continue;
    lines.push(`### ${section}`, "", ...entries.flatMap(({ change, level }) => changeLines(change, level, audience)), "");
  }
  return lines;
}

const PROJECT_INTRO =
  "All six packages (`@flowspec/generator`, `@flowspec/types`, `@flowspec/validator`, `@flowspec/schema`, `@flowspec/reference` and `@flowspec/fixtures`) take the spec's version, `specVersion`, and are released together, so a release's version is the largest bump any of them needs. Each change gives its level and, where the packages differ, the level for each package; every major change says what to change in your code. **Fixed** lists what is only documentation. The rules are in `generator/src/diff/classify.ts` of the repository.";

function packageIntro(label: string): string {
  return `The changes to the spec that reach \`${label}\`, each with its level for this package; every major change says what to change in your code. **Fixed** lists what is only documentation here. All flowspec packages take the spec's version and are released together, so a version may hold no change for this package.`;
}

/** The whole changelog: `header` is the do-not-edit comment line. */
export function renderChangelog(header: string, releases: readonly Release[], audience: Audience): string {
  const intro = audience.kind === "project" ? PROJECT_INTRO : packageIntro(audience.label ?? `@flowspec/${audience.name}`);
  const body = releases.flatMap((release) => releaseSection(release, audience));
  return [header, "", `# ${audience.title}`, "", intro, "", ...body].join("\n").replace(/\n+$/, "\n");
}
