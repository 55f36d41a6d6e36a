/**
 * @flowspec/generator: the programmatic API. `generate(options)` runs the whole pipeline; the
 * stages are exported for tools that want only part of it.
 */
export { buildOutput, generate, type GenerateOptions, type GenerateResult } from "./generate.js";
export { DIAGNOSTIC_CODES, formatDiagnostic, type Diagnostic, type DiagnosticCode, type Loc } from "./diagnostics.js";
export type { GeneratedFile } from "./emit/generated-file.js";
export { EMITTERS, type Emitter } from "./emit/emitters.js";
export type * from "./ir/model.js";
export { loadSpec } from "./load/load-spec.js";
export { checkSpec } from "./check/check-spec.js";
export { buildIr } from "./ir/build-ir.js";
export { diffSpecs, type SpecDiff } from "./diff/diff-specs.js";
export type { ChangeLevel, SpecChange } from "./diff/change.js";
