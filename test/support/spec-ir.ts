/**
 * The checked IR of a spec folder through `loadIr`, the generator's one entry to it; the real
 * spec's is loaded once per worker.
 */
import type { SpecIR } from "../../generator/src/ir/model.js";
import { loadIr, type LoadIrResult } from "../../generator/src/ir/load-ir.js";
import { REAL_SPEC, REPO_ROOT } from "./paths.js";

/** The IR of `specDir`; fails the test with the diagnostics when the spec has problems. */
export function irOf(specDir: string): SpecIR {
  return irWithoutProblems(specDir, loadIr({ specDir, displayRoot: REPO_ROOT }));
}

function irWithoutProblems(specDir: string, { ir, diagnostics }: LoadIrResult): SpecIR {
  if (!ir) throw new Error(`the spec ${specDir} has problems:\n${diagnostics.map((d) => d.message).join("\n")}`);
  return ir;
}

let real: LoadIrResult | undefined;

/** The repository's spec through `loadIr`, once per worker: its diagnostics and its IR. */
export function realSpecLoad(): LoadIrResult {
  real ??= loadIr({ specDir: REAL_SPEC, displayRoot: REPO_ROOT });
  return real;
}

/** The repository's spec; the IR is frozen, so sharing it between tests is safe. */
export function realIr(): SpecIR {
  return irWithoutProblems(REAL_SPEC, realSpecLoad());
}
