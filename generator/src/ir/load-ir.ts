/**
 * `loadIr()`: load → check → build IR → check the type names. The one way to a checked `SpecIR`,
 * for `generate`, `diff` and the tests; nothing is emitted.
 */
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { checkSpec } from "../check/check-spec.js";
import { checkTypeNames } from "../check/rules/type-names.js";
import { diagnostic, sortDiagnostics, type Diagnostic } from "../base/diagnostics.js";
import { buildIr } from "./build-ir.js";
import type { SpecIR } from "./model.js";
import { shapeNames } from "./shape-names.js";
import { loadSpec } from "../load/load-spec.js";
import { toPosix } from "../load/spec-folder.js";

export interface LoadIrOptions {
  /** The spec folder (default `spec`). */
  readonly specDir?: string;
  /** Diagnostics show paths relative to this folder (default: the working directory). */
  readonly displayRoot?: string;
}

/** The IR, or every problem of the spec (then no IR). */
export type LoadIrResult = { readonly ir: SpecIR; readonly diagnostics: readonly [] } | { readonly ir?: undefined; readonly diagnostics: readonly Diagnostic[] };

export function loadIr(options: LoadIrOptions = {}): LoadIrResult {
  const specDir = resolve(options.specDir ?? "spec");
  const displayRoot = resolve(options.displayRoot ?? process.cwd());
  const specDisplayDir = toPosix(relative(displayRoot, specDir)) || ".";
  if (!existsSync(specDir)) {
    return { diagnostics: [diagnostic({ file: specDisplayDir, line: 1, col: 1 }, "SpecMissingFile", "the spec folder does not exist; name the folder that holds flowspec.yaml.")] };
  }
  const checked = checkSpec(loadSpec({ specDir, displayRoot }), specDisplayDir);
  if (!checked.sources) return { diagnostics: checked.diagnostics };
  const ir = buildIr(checked.sources);
  // Names are decided on the IR's schema nodes, so the rule that every name stands for one thing runs here.
  const clashes = checkTypeNames(shapeNames(ir).typeNames);
  return clashes.length > 0 ? { diagnostics: sortDiagnostics(clashes) } : { ir, diagnostics: [] };
}
