import type { SpecIR } from "../../ir/model.js";
import type { GeneratedFile } from "../generated-file.js";

// Placeholder until the validator emitter lands.
export function emitValidator(_ir: SpecIR): GeneratedFile[] {
  return [];
}
