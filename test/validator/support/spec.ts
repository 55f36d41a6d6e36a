/**
 * The spec's IR and the generated validator package, loaded the way a user of the repository would:
 * from the repository's own files, never from outside it.
 */
import { fileURLToPath } from "node:url";
import { loadIr as loadSpecIr } from "../../../generator/src/ir/load-ir.js";
import type { SpecIR, Variant } from "../../../generator/src/ir/model.js";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SPEC_DIR = `${REPO_ROOT}spec`;
export const PACKAGE_DIR = `${REPO_ROOT}packages/validator`;
export const SCHEMA_DIR = `${REPO_ROOT}packages/schema`;

let cached: SpecIR | undefined;

export function loadIr(): SpecIR {
  if (cached) return cached;
  const built = loadSpecIr({ specDir: SPEC_DIR, displayRoot: REPO_ROOT });
  if (!built.ir) throw new Error(`the spec does not build: ${built.diagnostics.map((d) => d.message).join("; ")}`);
  cached = built.ir;
  return cached;
}

export function allVariants(ir: SpecIR): Variant[] {
  return ir.flowActions.types.flatMap((t) => t.variants);
}
