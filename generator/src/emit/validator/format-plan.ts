/**
 * How each format of the spec is checked in the generated code: a builtin grammar from the runtime,
 * or the pattern compiled at generate time into code that reads each character once — a char-code
 * loop for the simplest patterns (pattern-matcher.ts), a deterministic automaton for the others
 * (dfa-matcher.ts). No format is checked with a regular expression, so none can backtrack.
 */
import type { SpecIR } from "../../ir/model.js";
import { analysePattern } from "../../pattern/analyse-pattern.js";
import { dfaMatcherSource } from "./dfa-matcher.js";
import { compilePattern } from "./pattern-matcher.js";

export type FormatCheck =
  | { readonly kind: "builtin"; readonly name: string; readonly builtin: string }
  | { readonly kind: "matcher"; readonly name: string; readonly how: "loop" | "automaton"; readonly source: string };

/** The matcher of one pattern; the spec check has already refused any pattern this cannot compile. */
export function patternMatcher(pattern: string): { readonly how: "loop" | "automaton"; readonly source: string } {
  const loop = compilePattern(pattern);
  if (loop !== null) return { how: "loop", source: loop };
  const analysis = analysePattern(pattern);
  if (!analysis.ok) throw new Error(`flowspec: pattern ${JSON.stringify(pattern)} cannot be compiled: ${analysis.reason}`);
  return { how: "automaton", source: dfaMatcherSource(analysis.dfa) };
}

export function formatChecks(ir: SpecIR): FormatCheck[] {
  return ir.formats.map((f): FormatCheck => {
    if (f.builtin !== undefined) return { kind: "builtin", name: f.name, builtin: f.builtin };
    if (f.pattern === undefined) throw new Error(`flowspec: format ${f.name} has neither a pattern nor a builtin`);
    return { kind: "matcher", name: f.name, ...patternMatcher(f.pattern) };
  });
}
