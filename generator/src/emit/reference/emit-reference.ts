import type { SpecIR } from "../../ir/model.js";
import type { GeneratedFile } from "../generated-file.js";

// Placeholder until the reference emitter lands.
export function emitReference(_ir: SpecIR): GeneratedFile[] {
  return [];
}
