/**
 * `flowspec release`: the whole loop in one command. Diff the working spec with the last release
 * (rules and evidence) → bump `specVersion` to the smallest acceptable one, unless it is already
 * there → record the release (releases.json, a copy of the spec, the reference's examples) →
 * regenerate, which gives every package the version and every changelog the new section (and
 * package-lock.json the packages' versions, lockfile.ts) → `npm pack` every published package into
 * one folder.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { CliIo } from "../command.js";
import { formatDiagnostic } from "../../base/diagnostics.js";
import { compareVersions, parseVersion } from "../../diff/bump.js";
import { EMITTERS } from "../../emit/emitters.js";
import { generate } from "../../pipeline/generate.js";
import { loadIr } from "../../ir/load-ir.js";
import { toPosix } from "../../load/spec-folder.js";
import { examplesText, referenceExamples } from "../../release-record/examples.js";
import { syncLockfile } from "./lockfile.js";
import { packFolders } from "./pack.js";
import { recordedChanges } from "../../release-record/pending.js";
import { readRecord, recordText, releasePaths, type Release, type ReleasePaths, type ReleaseRecord } from "../../release-record/record.js";
import { releaseState, type ReleaseCheckOptions, type ReleaseState } from "./gate.js";

export interface ReleaseOptions extends ReleaseCheckOptions {
  /** The version to release (default: the spec's, raised to the smallest acceptable one). */
  readonly version?: string;
  /** `YYYY-MM-DD` (default: today, UTC). */
  readonly date?: string;
  readonly notes?: string;
  /** Where the tarballs go (default `packs`); no packing when `pack` is false. */
  readonly packDir?: string;
  readonly pack?: boolean;
}

/** The version to release, or why there is none. */
function chooseVersion(state: ReleaseState, wanted: string | undefined): { version: string } | { problem: string } | { unchanged: true } {
  const minimum = parseVersion(state.minimum)!;
  const last = state.last.latest.version;
  if (wanted !== undefined) {
    const parsed = parseVersion(wanted);
    if (!parsed || compareVersions(parsed, minimum) < 0) return { problem: `--version ${wanted}: the changes since ${last} need at least ${state.minimum}` };
    if (wanted === last) return { problem: `--version ${wanted}: ${last} is already released` };
    return { version: wanted };
  }
  const current = parseVersion(state.ir.version);
  if (state.ir.version === last && state.diff.changes.length === 0 && state.evidence.rejected.length === 0) return { unchanged: true };
  if (current && compareVersions(current, minimum) >= 0 && state.ir.version !== last) return { version: state.ir.version };
  return { version: state.minimum };
}

/** `specVersion: x.y.z` in the spec's root file, keeping its quotes and everything around it. */
function setSpecVersion(specDir: string, version: string): void {
  const file = join(resolve(specDir), "flowspec.yaml");
  const text = readFileSync(file, "utf8");
  const next = text.replace(/^(specVersion:\s*)(["']?)[^"'\s#]+\2/m, `$1$2${version}$2`);
  if (next === text && !text.includes(`specVersion: ${version}`)) throw new Error(`flowspec: no specVersion line in ${file}`);
  writeFileSync(file, next);
}

/** The record, with `release` first; release/spec becomes the released spec. */
function writeRecord(paths: ReleasePaths, record: ReleaseRecord, specDir: string): void {
  mkdirSync(paths.dir, { recursive: true });
  writeFileSync(paths.record, recordText(record));
  rmSync(paths.spec, { recursive: true, force: true });
  cpSync(resolve(specDir), paths.spec, { recursive: true });
}

interface Released {
  readonly paths: ReleasePaths;
  readonly packages: readonly string[];
}

/** Regenerate (the changelogs get the release's section), keep the reference's examples, and pack. */
function finish(released: Released, options: ReleaseOptions, io: CliIo, regenerate: boolean): number {
  const { paths, packages } = released;
  if (regenerate) {
    const specDir = options.specDir ?? "spec";
    const result = generate({
      specDir,
      outDir: options.outDir ?? "packages",
      ...(options.releaseDir !== undefined && { releaseDir: options.releaseDir }),
      ...(options.identity !== undefined && { identity: options.identity }),
    });
    if (result.diagnostics.length > 0) {
      for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
      return 1;
    }
    writeFileSync(paths.examples, examplesText(referenceExamples(result.files)));
    io.stdout(`recorded in ${relative(process.cwd(), paths.dir) || "."}/ (releases.json, spec/, examples.json); every CHANGELOG.md has its section\n`);
    const lock = syncLockfile(paths.root, packages);
    if (lock.written) io.stdout("package-lock.json: every released package's version and dependency ranges, as npm writes them\n");
    if (lock.stale.length > 0) io.stdout(`package-lock.json: the dependencies of ${lock.stale.join(", ")} changed beyond their versions; run \`npm install\` to bring it in step\n`);
  }
  if (options.pack === false) return 0;
  const packDir = options.packDir ?? "packs";
  const tarballs = packFolders(packages.map((folder) => join(paths.root, folder)), packDir);
  io.stdout(`packed into ${packDir}/: ${tarballs.join(", ")}\n`);
  io.stdout(`next: commit, then \`npm publish ${packDir}/<tarball>\` for each\n`);
  return 0;
}

/** A project without a record: its spec as it is becomes the first release, of the generated packages. */
function firstRelease(options: ReleaseOptions, io: CliIo): number {
  const specDir = options.specDir ?? "spec";
  const paths = releasePaths(specDir, options.releaseDir);
  const { ir, diagnostics } = loadIr({ specDir });
  if (!ir) {
    for (const d of diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr("flowspec release: nothing was released.\n");
    return 1;
  }
  const version = options.version ?? ir.version;
  if (version !== ir.version) setSpecVersion(specDir, version);
  const outDir = resolve(options.outDir ?? "packages");
  const packages = EMITTERS.map((e) => toPosix(relative(paths.root, join(outDir, e.dir))));
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  const first: Release = { version, date, notes: options.notes ?? "The first release.", changes: [] };
  writeRecord(paths, { packages, releases: [first] }, specDir);
  io.stdout(`released ${version}, the first release: the record starts at ${relative(process.cwd(), paths.record)}\n`);
  return finish({ paths, packages }, options, io, true);
}

export async function runRelease(options: ReleaseOptions, io: CliIo): Promise<number> {
  const specDir = options.specDir ?? "spec";
  if ("absent" in readRecord(releasePaths(specDir, options.releaseDir))) return firstRelease(options, io);
  const loaded = await releaseState(options);
  if ("diagnostics" in loaded) {
    for (const d of loaded.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr("flowspec release: nothing was released.\n");
    return 1;
  }
  if ("problem" in loaded) {
    io.stderr(`flowspec release: ${loaded.problem}\n`);
    return 1;
  }
  const { state } = loaded;
  const released = { paths: state.paths, packages: state.last.record.packages };
  const chosen = chooseVersion(state, options.version);
  if ("problem" in chosen) {
    io.stderr(`flowspec release: ${chosen.problem}\n`);
    return 1;
  }
  if ("unchanged" in chosen) {
    io.stdout(`the spec is release ${state.last.latest.version} as recorded: nothing new to release\n`);
    return finish(released, options, io, false);
  }
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  setSpecVersion(specDir, chosen.version);
  const release: Release = { version: chosen.version, date, ...(options.notes !== undefined && { notes: options.notes }), changes: recordedChanges(state.diff.changes) };
  writeRecord(state.paths, { packages: state.last.record.packages, releases: [release, ...state.last.record.releases] }, specDir);
  const from = state.last.latest.version;
  io.stdout(`released ${chosen.version} (${state.bump} since ${from}): ${state.diff.changes.length} change(s), ${state.evidence.rejected.length} rejected example(s)\n`);
  return finish(released, options, io, true);
}
