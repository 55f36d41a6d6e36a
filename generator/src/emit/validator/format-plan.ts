/**
 * How a pattern (of a format, or a schema's own) is checked in the generated code: compiled at
 * generate time into code that reads each character once — a char-code loop for the simplest
 * patterns (pattern-matcher.ts), a deterministic automaton for the others (dfa-matcher.ts). No
 * pattern is checked with a regular expression, so none can backtrack.
 */
import { analysePattern } from "../../pattern/analyse-pattern.js";
import { dfaMatcherSource } from "./dfa-matcher.js";
import { compilePattern } from "./pattern-matcher.js";
import { internalError } from "../../base/internal-error.js";

/** The matcher of one pattern; the spec check has already refused any pattern this cannot compile. */
export function patternMatcher(pattern: string): { readonly how: "loop" | "automaton"; readonly source: string } {
  const loop = compilePattern(pattern);
  if (loop !== null) return { how: "loop", source: loop };
  const analysis = analysePattern(pattern);
  if (!analysis.ok) throw internalError(`pattern ${JSON.stringify(pattern)} cannot be compiled: ${analysis.reason}`);
  return { how: "automaton", source: dfaMatcherSource(analysis.dfa) };
}
