/**
 * What a cross rule is given: the typed sources, and a way to turn (file, pointer) into a
 * diagnostic at the right line and column.
 */
import { diagnostic, type Diagnostic, type DiagnosticCode } from "../base/diagnostics.js";
import { locIn, type SpecFile } from "../load/load-spec.js";
import type { SpecSources } from "./spec-sources.js";

export interface RuleContext {
  readonly sources: SpecSources;
  /** A diagnostic at the value (or, with `"key"`, the key) found at `pointer` in `file`. */
  report(file: SpecFile, pointer: string, code: DiagnosticCode, message: string, prefer?: "key" | "value"): Diagnostic;
}

export interface CrossRule {
  /** The rule as a sentence; it is also what ARCHITECTURE.md and the tests call it. */
  readonly rule: string;
  readonly check: (ctx: RuleContext) => Iterable<Diagnostic>;
}

export function ruleContext(sources: SpecSources): RuleContext {
  return {
    sources,
    report(file, pointer, code, message, prefer = "value") {
      return diagnostic(locIn(file, pointer, prefer), code, message);
    },
  };
}
