/**
 * The release record, `release/releases.json`: which folders are the published packages, and every
 * release, newest first, with the changes it made. `flowspec release` appends to it and copies the
 * spec it released to `release/spec/`; generate renders the changelogs from it; the release check
 * diffs the working spec with `release/spec/`. It is committed, so every clone (CI's shallow one
 * included) knows the last release without git history or tags.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { LEVELS, PACKAGES, type ChangeLevel, type Impact, type PackageLevel } from "../diff/levels.js";
import { parseVersion } from "../diff/bump.js";
import { jsonText } from "../emit/generated-file.js";

/** One change as a release recorded it; the text is kept, so a later rule change never rewrites history. */
export interface RecordedChange {
  readonly kind: string;
  readonly level: ChangeLevel;
  readonly impact: Impact;
  readonly section: "Added" | "Changed" | "Removed";
  readonly where: string;
  readonly what: string;
  readonly migration?: string;
}

export interface Release {
  readonly version: string;
  /** `YYYY-MM-DD`; absent on the pending section generate renders before the release. */
  readonly date?: string;
  /** Free text under the version's heading, written by hand in the record. */
  readonly notes?: string;
  readonly changes: readonly RecordedChange[];
}

export interface ReleaseRecord {
  /** The published packages' folders, relative to the project root (the record folder's parent). */
  readonly packages: readonly string[];
  /** Newest first. */
  readonly releases: readonly Release[];
}

/** Where a project's release record lives. */
export interface ReleasePaths {
  /** The project root: the folder that holds `release/`, the root CHANGELOG.md and the packages. */
  readonly root: string;
  readonly dir: string;
  readonly record: string;
  /** The spec of the last release, byte for byte. */
  readonly spec: string;
  /** The examples of the last release's reference. */
  readonly examples: string;
}

/** `<specDir>/../release` unless given: the record sits beside the spec it records. */
export function releasePaths(specDir: string, releaseDir?: string): ReleasePaths {
  const dir = resolve(releaseDir ?? join(dirname(resolve(specDir)), "release"));
  return { root: dirname(dir), dir, record: join(dir, "releases.json"), spec: join(dir, "spec"), examples: join(dir, "examples.json") };
}

const RECORD_NOTE =
  "The release record: written by `flowspec release`, read by generate (changelogs) and `flowspec release --check`. A release's `notes` may be edited by hand; run `flowspec generate` after.";

export function recordText(record: ReleaseRecord): string {
  return jsonText({ "//": RECORD_NOTE, packages: record.packages, releases: record.releases });
}

export type RecordResult = { readonly record: ReleaseRecord } | { readonly problem: string; readonly line?: number; readonly col?: number } | { readonly absent: true };

/** The record of a project, a sentence saying what is wrong with it, or `absent`. */
export function readRecord(paths: ReleasePaths): RecordResult {
  if (!existsSync(paths.record)) return { absent: true };
  let data: unknown;
  const text = readFileSync(paths.record, "utf8");
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
  const problem = recordProblem(data);
  if (problem === undefined) return { record: data as ReleaseRecord };
  return typeof problem === "string" ? { problem } : { problem: problem.message, ...positionOf(text, problem.value) };
}

/** Where a string value is first written in the record's text (1-based), for a diagnostic people can click. */
function positionOf(text: string, value: string): { line: number; col: number } | Record<string, never> {
  const at = text.indexOf(JSON.stringify(value));
  if (at < 0) return {};
  const before = text.slice(0, at);
  return { line: before.split("\n").length, col: at - before.lastIndexOf("\n") };
}

/**
 * A published package's folder as the record may name it: a relative POSIX path of plain segments
 * inside the project. Generate writes each folder's LICENSE, CHANGELOG.md and version, so a folder
 * outside the project (`../victim`, `/etc`) would be written to: the record is input, and checked.
 */
function packageFolderProblem(folder: string): string | undefined {
  const segments = folder.split("/");
  if (folder.length === 0 || folder.length > 200) return "is empty or longer than 200 characters";
  if (segments.some((s) => s === "" || s === "." || s === "..")) return "must be a relative path of plain folder names (no leading /, no . or .. segments, no //)";
  if (/[\\:\0-\x1f]/.test(folder)) return "must use / between folder names and hold no \\, : or control characters";
  if (segments[0] === "release" || segments[0] === "node_modules" || segments[0] === ".git") return `cannot be inside ${segments[0]}/`;
  return undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isLevel = (v: unknown): v is ChangeLevel => (LEVELS as readonly unknown[]).includes(v);
const isPackageLevel = (v: unknown): v is PackageLevel => v === "none" || isLevel(v);

function changeProblem(c: unknown, at: string): string | undefined {
  if (!isObject(c)) return `${at} is not an object`;
  for (const key of ["kind", "where", "what"] as const) if (typeof c[key] !== "string") return `${at}.${key} is not a string`;
  if (!isLevel(c.level)) return `${at}.level is not patch, minor or major`;
  if (!["Added", "Changed", "Removed"].includes(c.section as string)) return `${at}.section is not Added, Changed or Removed`;
  if (!isObject(c.impact) || !PACKAGES.every((name) => isPackageLevel((c.impact as Record<string, unknown>)[name]))) {
    return `${at}.impact needs a level (or "none") for ${PACKAGES.join(", ")}`;
  }
  if (c.migration !== undefined && typeof c.migration !== "string") return `${at}.migration is not a string`;
  return undefined;
}

function releaseProblem(r: unknown, at: string): string | undefined {
  if (!isObject(r)) return `${at} is not an object`;
  if (typeof r.version !== "string" || !parseVersion(r.version)) return `${at}.version is not a version (x.y.z)`;
  if (r.date !== undefined && (typeof r.date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(r.date))) return `${at}.date is not YYYY-MM-DD`;
  if (r.notes !== undefined && typeof r.notes !== "string") return `${at}.notes is not a string`;
  if (!Array.isArray(r.changes)) return `${at}.changes is not a list`;
  for (const [i, c] of r.changes.entries()) {
    const problem = changeProblem(c, `${at}.changes[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}

function recordProblem(data: unknown): string | { readonly message: string; readonly value: string } | undefined {
  if (!isObject(data)) return "the record is not an object";
  if (!Array.isArray(data.packages) || !data.packages.every((p) => typeof p === "string")) return "packages is not a list of folders";
  for (const [i, folder] of (data.packages as string[]).entries()) {
    const problem = packageFolderProblem(folder);
    if (problem !== undefined) return { message: `packages[${i}] ${JSON.stringify(folder.slice(0, 200))} ${problem}`, value: folder };
    if (data.packages.indexOf(folder) !== i) return { message: `packages[${i}] ${JSON.stringify(folder)} is listed twice`, value: folder };
  }
  if (!Array.isArray(data.releases) || data.releases.length === 0) return "releases is not a list with at least one release";
  for (const [i, r] of data.releases.entries()) {
    const problem = releaseProblem(r, `releases[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}
