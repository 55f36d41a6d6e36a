/**
 * The spec's IR and the generated validator package, loaded the way a user of the repository would:
 * from the repository's own files, never from outside it.
 */
import { fileURLToPath } from "node:url";
import type { SpecIR, Variant } from "../../../generator/src/ir/model.js";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const PACKAGE_DIR = `${REPO_ROOT}packages/validator`;
export const SCHEMA_DIR = `${REPO_ROOT}packages/schema`;

/** The real spec's IR: the one copy per worker that every suite shares. */
export { realIr as loadIr } from "../../support/spec-ir.js";

export function allVariants(ir: SpecIR): Variant[] {
  return ir.flowActions.types.flatMap((t) => t.variants);
}
