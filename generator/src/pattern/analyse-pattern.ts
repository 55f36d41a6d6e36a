/**
 * The one decision about a pattern, shared by the spec check and the validator emitter: it is
 * accepted only if both hold —
 *
 * - a backtracking engine (what users of `@flowspec/schema` run it with) does linear work on any
 *   text (engine-work.ts), and
 * - it compiles to a deterministic automaton (dfa.ts), which is what the generated validator runs, so
 *   no regular expression ever backtracks on its input.
 */
import { determinise, type Dfa } from "./dfa.js";
import { engineWork } from "./engine-work.js";
import { buildNfa } from "./regex-nfa.js";
import { parseRegex, Unsupported } from "./regex-syntax.js";

export type PatternAnalysis =
  | { readonly ok: true; readonly dfa: Dfa; /** Most engine paths per prefix. */ readonly paths: number }
  | { readonly ok: false; /** Not even a valid `u`-flag regular expression. */ readonly invalid: boolean; readonly reason: string };

const cache = new Map<string, PatternAnalysis>();

function analyse(pattern: string): PatternAnalysis {
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    return { ok: false, invalid: true, reason: `invalid: ${(error as Error).message}` };
  }
  try {
    const nfa = buildNfa(parseRegex(pattern));
    const work = engineWork(nfa);
    if (!work.ok) return { ok: false, invalid: false, reason: work.reason };
    return { ok: true, dfa: determinise(nfa), paths: work.paths };
  } catch (error) {
    const reason = error instanceof Unsupported ? error.message : `it is not understood (${(error as Error).message})`;
    return { ok: false, invalid: false, reason };
  }
}

export function analysePattern(pattern: string): PatternAnalysis {
  let found = cache.get(pattern);
  if (found === undefined) cache.set(pattern, (found = analyse(pattern)));
  return found;
}
