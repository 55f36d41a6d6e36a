/**
 * The pipeline in one screen: load → check → build IR → emit → format → write (or check).
 */
import { join, relative, resolve } from "node:path";
import type { Diagnostic } from "../base/diagnostics.js";
import { EMITTERS } from "../emit/emitters.js";
import { verifyEmittedFixtures } from "../emit/fixtures/verify-fixtures.js";
import { applyIdentity } from "../emit/package-identity.js";
import type { GeneratedFile } from "../emit/generated-file.js";
import { formatFiles } from "../write/format.js";
import type { SpecIR } from "../ir/model.js";
import { loadIr, type LoadIrOptions } from "../ir/load-ir.js";
import type { PackageIdentity } from "../emit/package-identity.js";
import { byCodeUnit } from "../base/order.js";
import { RecentCache } from "../base/recent-cache.js";
import { releaseFiles } from "../release-record/release-files.js";
import { targetTable } from "../payload/target-table.js";
import { specDigest, stampContents, STAMP_PATH } from "../payload/validate-stamp.js";
import { toPosix } from "../load/spec-folder.js";
import { linkDiagnostics } from "../write/links.js";
import { planWrite, type WritePlan } from "../write/plan.js";
import { writePlan, type WriteFs, type WriteSummary } from "../write/write-files.js";

export interface GenerateOptions extends LoadIrOptions {
  /** Where the package folders go (default `packages`). */
  readonly outDir?: string;
  /** Compare with the files on disk instead of writing. */
  readonly check?: boolean;
  /** Write nothing and compare nothing: return the files only. */
  readonly dryRun?: boolean;
  /** File operations for writing (default: node:fs); tests inject failures through it. */
  readonly fs?: WriteFs;
  /** The release record's folder, for the changelogs (default: `release` beside the spec folder). */
  readonly releaseDir?: string;
  /** Another project's package names and repository (`flowspec.config.*`); default: flowspec's. */
  readonly identity?: PackageIdentity;
}

export interface GenerateResult {
  /** Every problem in the spec; when there is one, nothing was written. */
  readonly diagnostics: readonly Diagnostic[];
  readonly ir?: SpecIR;
  readonly files: readonly GeneratedFile[];
  /** The comparison with disk (absent with `dryRun` or when the spec has errors). */
  readonly plan?: WritePlan;
  /** What was written (absent with `check`, `dryRun` or errors). */
  readonly written?: WriteSummary;
  /** With `check`: true when every file is up to date and there is no orphan. */
  readonly upToDate?: boolean;
}

/** What `flowspec validate` reads instead of the spec while the spec is unchanged (validate-stamp.ts). */
function validateStamp(ir: SpecIR, specDir: string): GeneratedFile[] {
  const digest = specDigest(resolve(specDir));
  return digest === undefined ? [] : [{ path: STAMP_PATH, contents: stampContents(targetTable(ir), ir.version, digest) }];
}

/** Emit and format: every package's files, by path. */
export function emitPackages(ir: SpecIR): GeneratedFile[] {
  const files = formatFiles(EMITTERS.flatMap((e) => e.emit(ir))).sort((a, b) => byCodeUnit(a.path, b.path));
  verifyEmittedFixtures(files);
  return files;
}

/**
 * The packages of the last IRs this process generated. `loadIr` hands back the same frozen IR while
 * the spec's files are unchanged, and the emitters read nothing but the IR and the generator's own
 * runtime, so a second `generate` of an unchanged spec in one process (`generate --check` after
 * `generate`, a watch run after an edit that was undone) emits nothing again. The runtime is taken
 * as fixed for a process (it is, in a published generator); an edit to it shows in a new process,
 * or with the next spec edit, whose bundles check what esbuild read. Two entries: the spec as it is
 * and as it was, each about 4 MB of text.
 */
const emittedPackages = new RecentCache<SpecIR, readonly GeneratedFile[]>(2);

function packagesOf(ir: SpecIR): readonly GeneratedFile[] {
  return emittedPackages.get(ir, () => Object.freeze(emitPackages(ir).map((f) => Object.freeze(f))));
}

export function generate(options: GenerateOptions = {}): GenerateResult {
  const { ir, diagnostics } = loadIr(options);
  if (!ir) return { diagnostics, files: [] };
  // Licenses and changelogs: the changelogs come from the release record, not from the IR alone.
  const release = releaseFiles(ir, options);
  if (release.diagnostics.length > 0) return { diagnostics: release.diagnostics, files: [] };
  const files = applyIdentity([...packagesOf(ir), ...formatFiles([...release.files, ...validateStamp(ir, options.specDir ?? "spec")])], options.identity).slice().sort((a, b) => byCodeUnit(a.path, b.path));
  if (options.dryRun) return { diagnostics, ir, files };
  const outDir = resolve(options.outDir ?? "packages");
  const shown = (path: string) => toPosix(relative(resolve(options.displayRoot ?? process.cwd()), join(outDir, path)));
  const unsafe = linkDiagnostics(outDir, files.map((f) => f.path), shown);
  if (unsafe.length > 0) return { diagnostics: unsafe, files: [] };
  const plan = planWrite(outDir, files, EMITTERS.map((e) => e.dir));
  if (options.check) {
    const upToDate = plan.orphans.length === 0 && plan.files.every((f) => f.state === "unchanged");
    return { diagnostics, ir, files, plan, upToDate };
  }
  return { diagnostics, ir, files, plan, written: writePlan(outDir, plan, options.fs) };
}
