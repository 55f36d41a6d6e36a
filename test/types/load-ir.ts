/**
 * The IR of the repository's spec, for tests that compare the generated package with it.
 */
import { join } from "node:path";
import { buildOutput } from "../../generator/src/generate.ts";
import type { SpecIR } from "../../generator/src/ir/model.ts";

export const ROOT = join(import.meta.dirname, "..", "..");
export const TYPES_PACKAGE = join(ROOT, "packages", "types");

export function loadIr(): SpecIR {
  const built = buildOutput({ specDir: join(ROOT, "spec"), emitters: [] });
  if (built.ir === undefined) throw new Error(`the spec has problems: ${JSON.stringify(built.diagnostics)}`);
  return built.ir;
}
