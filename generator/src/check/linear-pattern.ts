/**
 * The spec's rule for patterns: valid with the `u` flag, and linear-time both for the backtracking
 * engines that users of the published JSON Schema run, and for the generated validator, which runs
 * a deterministic automaton compiled from the pattern. See generator/src/pattern/ for the proof.
 */
import { analysePattern } from "../pattern/analyse-pattern.js";

export type PatternVerdict = { ok: true } | { ok: false; reason: string };

export function checkLinearPattern(pattern: string): PatternVerdict {
  const analysis = analysePattern(pattern);
  return analysis.ok ? { ok: true } : { ok: false, reason: analysis.reason };
}
