import type { SpecIR } from "../../ir/model.js";
import type { GeneratedFile } from "../generated-file.js";

// Placeholder until the types emitter lands.
export function emitTypes(_ir: SpecIR): GeneratedFile[] {
  return [];
}
