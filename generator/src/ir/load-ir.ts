/**
 * `loadIr()`: load → check → build IR → check the type names. The one way to a checked `SpecIR`,
 * for `generate`, `diff` and the tests; nothing is emitted.
 */
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { checkSpec } from "../check/check-spec.js";
import { checkTypeNames } from "../check/rules/type-names.js";
import { deepFreeze } from "../base/deep-freeze.js";
import { RecentCache } from "../base/recent-cache.js";
import { diagnostic, sortDiagnostics, type Diagnostic } from "../base/diagnostics.js";
import { buildIr } from "./build-ir.js";
import type { SpecIR } from "./model.js";
import { shapeNames } from "./shape-names.js";
import { loadSpec, type LoadedSpec, type SpecFile } from "../load/load-spec.js";
import { toPosix } from "../load/spec-folder.js";

export interface LoadIrOptions {
  /** The spec folder (default `spec`). */
  readonly specDir?: string;
  /** Diagnostics show paths relative to this folder (default: the working directory). */
  readonly displayRoot?: string;
}

/** The IR, or every problem of the spec (then no IR). */
export type LoadIrResult = { readonly ir: SpecIR; readonly diagnostics: readonly [] } | { readonly ir?: undefined; readonly diagnostics: readonly Diagnostic[] };

/**
 * The results of this process's last loads, by the files they read: `loadSpec` hands back the
 * same (frozen) object for a file whose path and text are unchanged, and the check and the IR
 * depend on nothing else, so the same files give the same, frozen, result. A run that loads one
 * spec twice (the tests, `generate` then `release --check` in one process) checks it once.
 */
const results = new RecentCache<string, LoadIrResult>(16);
const fileIds = new WeakMap<SpecFile, number>();
let nextFileId = 0;

function fileId(file: SpecFile): number {
  let id = fileIds.get(file);
  if (id === undefined) fileIds.set(file, (id = nextFileId++));
  return id;
}

export function loadIr(options: LoadIrOptions = {}): LoadIrResult {
  const specDir = resolve(options.specDir ?? "spec");
  const displayRoot = resolve(options.displayRoot ?? process.cwd());
  const specDisplayDir = toPosix(relative(displayRoot, specDir)) || ".";
  if (!existsSync(specDir)) {
    return { diagnostics: [diagnostic({ file: specDisplayDir, line: 1, col: 1 }, "SpecMissingFile", "the spec folder does not exist; name the folder that holds flowspec.yaml.")] };
  }
  const loaded = loadSpec({ specDir, displayRoot });
  // A file that could not be read has no entry of its own: such a load is checked every time.
  if (loaded.diagnostics.length > 0) return checkedIr(loaded, specDisplayDir);
  const key = `${specDisplayDir}\u0000${loaded.files.map(fileId).join(",")}`;
  return results.get(key, () => deepFreeze(checkedIr(loaded, specDisplayDir)));
}

function checkedIr(loaded: LoadedSpec, specDisplayDir: string): LoadIrResult {
  const checked = checkSpec(loaded, specDisplayDir);
  if (!checked.sources) return { diagnostics: checked.diagnostics };
  const ir = buildIr(checked.sources);
  // Names are decided on the IR's schema nodes, so the rule that every name stands for one thing runs here.
  const clashes = checkTypeNames(shapeNames(ir).typeNames);
  return clashes.length > 0 ? { diagnostics: sortDiagnostics(clashes) } : { ir, diagnostics: [] };
}
