/**
 * The checked IR of a spec folder through `loadIr`, the generator's one entry to it; the real
 * spec's is loaded once per worker.
 */
import type { SpecIR } from "../../generator/src/ir/model.js";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import { REAL_SPEC, REPO_ROOT } from "./paths.js";

/** The IR of `specDir`; fails the test with the diagnostics when the spec has problems. */
export function irOf(specDir: string): SpecIR {
  const { ir, diagnostics } = loadIr({ specDir, displayRoot: REPO_ROOT });
  if (!ir) throw new Error(`the spec ${specDir} has problems:\n${diagnostics.map((d) => d.message).join("\n")}`);
  return ir;
}

let real: SpecIR | undefined;

/** The repository's spec; the IR is frozen, so sharing it between tests is safe. */
export function realIr(): SpecIR {
  real ??= irOf(REAL_SPEC);
  return real;
}
