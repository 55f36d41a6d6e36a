/**
 * One package as its emitter writes it from an IR, in memory and formatted as `generate` formats
 * it, without running the other emitters.
 */
import type { GeneratedFile } from "../../generator/src/emit/generated-file.js";
import { formatFiles } from "../../generator/src/write/format.js";
import type { SpecIR } from "../../generator/src/ir/model.js";

/** Every file by its path inside the package folder (`flow-actions/stripe.md`). */
export function emitted(emit: (ir: SpecIR) => GeneratedFile[], ir: SpecIR): Map<string, string> {
  return new Map(formatFiles(emit(ir)).map((f) => [f.path.slice(f.path.indexOf("/") + 1), f.contents]));
}
