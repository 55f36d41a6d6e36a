/**
 * @flowspec/generator: the programmatic API. `generate(options)` runs the whole pipeline;
 * `loadIr(options)` stops at the checked IR, and `emitPackages(ir)` turns an IR into files.
 */
export { emitPackages, generate, type GenerateOptions, type GenerateResult } from "./pipeline/generate.js";
export { loadIr, type LoadIrOptions, type LoadIrResult } from "./ir/load-ir.js";
export { DIAGNOSTIC_CODES, formatDiagnostic, type Diagnostic, type DiagnosticCode, type Loc } from "./base/diagnostics.js";
export type { GeneratedFile } from "./emit/generated-file.js";
export { EMITTERS, type Emitter } from "./emit/emitters.js";
export type * from "./ir/model.js";
export { diffSpecs, type SpecDiff } from "./diff/diff-specs.js";
export type { ChangeLevel } from "./diff/levels.js";
export type { SpecChange } from "./diff/change.js";
