/**
 * The validator package generated from the spec, loaded from the output folder, for the commands
 * that check payloads with it (`validate`, `serve`): they answer exactly as the shipped package does.
 * It must have been generated from the same spec version, or its verdicts would be another spec's.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SpecIR } from "../ir/model.js";
import type { ValidatorModule } from "./verdict.js";

/** The module, or a sentence that says why it cannot be used. */
export async function loadGeneratedValidator(outDir: string, ir: Pick<SpecIR, "version">): Promise<ValidatorModule | string> {
  const entry = resolve(outDir, "validator", "dist", "index.js");
  let module: ValidatorModule;
  try {
    module = (await import(pathToFileURL(entry).href)) as ValidatorModule;
  } catch {
    return `no generated validator at ${entry}; run \`flowspec generate\` first (or pass --out DIR)`;
  }
  if (module.SPEC_VERSION !== ir.version) {
    return `the validator in ${outDir} was generated from spec ${module.SPEC_VERSION}, the spec is ${ir.version}; run \`flowspec generate\``;
  }
  return module;
}
