/**
 * The pipeline in one screen: load → check → build IR → emit → format → write (or check).
 */
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { checkSpec } from "./check/check-spec.js";
import { diagnostic, type Diagnostic } from "./diagnostics.js";
import { EMITTERS, type Emitter } from "./emit/emitters.js";
import type { GeneratedFile } from "./emit/generated-file.js";
import { formatFiles } from "./format.js";
import { byCodeUnit } from "./order.js";
import { buildIr } from "./ir/build-ir.js";
import type { SpecIR } from "./ir/model.js";
import { loadSpec, toPosix } from "./load/load-spec.js";
import { planWrite, type WritePlan } from "./write/plan.js";
import { writePlan, type WriteFs, type WriteSummary } from "./write/write-files.js";

export interface GenerateOptions {
  /** The spec folder (default `spec`). */
  readonly specDir?: string;
  /** Where the package folders go (default `packages`). */
  readonly outDir?: string;
  /** Compare with the files on disk instead of writing. */
  readonly check?: boolean;
  /** Write nothing and compare nothing: return the files only. */
  readonly dryRun?: boolean;
  /** Diagnostics show paths relative to this folder (default: the working directory). */
  readonly displayRoot?: string;
  /** The emitters to run (default: all). */
  readonly emitters?: readonly Emitter[];
  /** File operations for writing (default: node:fs); tests inject failures through it. */
  readonly fs?: WriteFs;
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

/** Load, check, build and emit: the pure part, shared by generate and by tests. */
export function buildOutput(options: GenerateOptions = {}): Pick<GenerateResult, "diagnostics" | "ir" | "files"> {
  const specDir = resolve(options.specDir ?? "spec");
  const displayRoot = resolve(options.displayRoot ?? process.cwd());
  const specDisplayDir = toPosix(relative(displayRoot, specDir)) || ".";
  if (!existsSync(specDir)) {
    const missing = diagnostic({ file: specDisplayDir, line: 1, col: 1 }, "SpecMissingFile", "the spec folder does not exist; pass --spec DIR.");
    return { diagnostics: [missing], files: [] };
  }
  const loaded = loadSpec({ specDir, displayRoot });
  const checked = checkSpec(loaded, specDisplayDir);
  if (!checked.sources) return { diagnostics: checked.diagnostics, files: [] };
  const ir = buildIr(checked.sources);
  const emitters = options.emitters ?? EMITTERS;
  const files = formatFiles(emitters.flatMap((e) => e.emit(ir))).sort((a, b) => byCodeUnit(a.path, b.path));
  return { diagnostics: [], ir, files };
}

export function generate(options: GenerateOptions = {}): GenerateResult {
  const built = buildOutput(options);
  if (built.diagnostics.length > 0 || options.dryRun) return built;
  const outDir = resolve(options.outDir ?? "packages");
  const owned = (options.emitters ?? EMITTERS).map((e) => e.dir);
  const plan = planWrite(outDir, built.files, owned);
  if (options.check) {
    const upToDate = plan.orphans.length === 0 && plan.files.every((f) => f.state === "unchanged");
    return { ...built, plan, upToDate };
  }
  return { ...built, plan, written: writePlan(outDir, plan, options.fs) };
}
