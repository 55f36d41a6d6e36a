/**
 * A temporary project with a release history: the repository's release record, its spec the last
 * release's (`release/spec/`, so the project starts released even while the working spec holds
 * unreleased changes), a hand-written package `tool` standing in for the generator, and the packages
 * generated from it all.
 */
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { expect, onTestFinished } from "vitest";
import { generate } from "../../generator/src/pipeline/generate.js";
import { REPO_ROOT } from "../support/paths.js";
import { runFolder } from "../support/temp-root.js";

export interface ReleaseProject {
  readonly root: string;
  readonly specDir: string;
  readonly outDir: string;
  readonly releaseDir: string;
}

export const PUBLISHED = ["tool", "packages/schema", "packages/types", "packages/validator", "packages/reference"];

/** The repository's release record: the tests read versions from it, so a new release needs no edit here. */
const RECORD = JSON.parse(readFileSync(join(REPO_ROOT, "release/releases.json"), "utf8")) as { releases: { version: string; date: string }[] };
/** The last release: the version the temporary project starts at, and its date. */
export const LAST = RECORD.releases[0]!;
/** Every recorded version, newest first. */
export const RECORDED_VERSIONS = RECORD.releases.map((r) => r.version);
const [MAJOR, MINOR_PART] = LAST.version.split(".").map(Number) as [number, number];
/** The smallest minor and major bumps from the last release. */
export const NEXT_MINOR = `${MAJOR}.${MINOR_PART + 1}.0`;
export const NEXT_MAJOR = `${MAJOR + 1}.0.0`;

let template: string | undefined;
/** Each generated file of the template's packages/ with its size and modification time, to see that none was written. */
let generated: ReadonlyMap<string, string> | undefined;

/** Builds the project once per worker (generating is most of the cost); each test gets a copy. */
function templateProject(): string {
  if (template) return template;
  // Inside the run's own folder, which global setup removes at the end (a forked worker may never
  // run an exit handler).
  const root = mkdtempSync(join(runFolder(), "flowspec-release-template-"));
  const specDir = join(root, "spec");
  const releaseDir = join(root, "release");
  cpSync(join(REPO_ROOT, "release", "spec"), specDir, { recursive: true });
  cpSync(join(REPO_ROOT, "release"), releaseDir, { recursive: true });
  const record = JSON.parse(readFileSync(join(releaseDir, "releases.json"), "utf8")) as { packages: string[] };
  record.packages = PUBLISHED;
  writeFileSync(join(releaseDir, "releases.json"), `${JSON.stringify(record, null, 2)}\n`);
  mkdirSync(join(root, "tool"));
  writeFileSync(join(root, "tool", "package.json"), `{\n  "name": "@flowspec/tool",\n  "version": "${LAST.version}",\n  "private": true\n}\n`);
  const first = generate({ specDir, outDir: join(root, "packages"), displayRoot: root });
  expect(first.diagnostics).toEqual([]);
  template = root;
  generated = fileStates(join(root, "packages"));
  return root;
}

/** Every file below `dir` (relative path → size and modification time; linking changes neither). */
function fileStates(dir: string): Map<string, string> {
  const states = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { size, mtimeNs } = statSync(path, { bigint: true });
    states.set(relative(dir, path), `${size} ${mtimeNs}`);
  }
  return states;
}

/**
 * A folder like `from` whose files are hard links to `from`'s: ten times cheaper than copies. Only
 * for the generated packages, which the generator replaces by renaming (write/write-files.ts) and
 * never writes into; a test that wrote into one in place would change the template too, and the
 * next project fails loudly (`releaseProject` compares the template's files with their first state).
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
    else linkSync(join(from, entry.name), join(to, entry.name));
  }
}

export function releaseProject(): ReleaseProject {
  const source = templateProject();
  const packages = join(source, "packages");
  const now = fileStates(packages);
  const changed = [...now].filter(([path, state]) => generated!.get(path) !== state).map(([path]) => path);
  if (changed.length > 0 || now.size !== generated!.size) throw new Error(`a test wrote into the release template's packages/ (${changed.join(", ") || "a file added or removed"}): replace a generated file, never write into it`);
  const root = mkdtempSync(join(tmpdir(), "flowspec-release-"));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  cpSync(source, root, { recursive: true, filter: (path) => path !== packages });
  linkTree(packages, join(root, "packages"));
  return { root, specDir: join(root, "spec"), outDir: join(root, "packages"), releaseDir: join(root, "release") };
}

export function read(root: string, path: string): string {
  return readFileSync(join(root, path), "utf8");
}
