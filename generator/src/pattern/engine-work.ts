/**
 * A bound on the work of a backtracking engine (V8's Irregexp, and any engine that tries start
 * positions left to right and alternatives in order) running `test` with a pattern.
 *
 * Such an engine explores, for each prefix of the text, every path of the search automaton that
 * reads that prefix, at most once each. So if no prefix of any text is read by more than `limit`
 * paths, the work on a text of n characters is at most `limit` × (n + 1) steps: linear. This walks
 * the vectors "how many paths end at each character node" over every text at once (one vector per
 * reachable combination, counts capped above the limit), and reports the largest total it meets.
 * Nested or overlapping repetitions (`(a+)+`, `a+a+`, `\d+$` searched from every start) make the
 * totals grow with the text, past any limit.
 */
import { partition, isSubset, type CharSet } from "./char-set.js";
import { pathCounter } from "./closures.js";
import type { Nfa } from "./regex-nfa.js";

/** Most paths per prefix accepted: the constant factor of the engine's linear time. */
const MAX_PATHS = 32;
/** Most distinct vectors explored before giving up. */
const MAX_VECTORS = 20_000;

const TOO_MANY_PATHS = `a backtracking engine could read some text along more than ${MAX_PATHS} paths at once: nested or overlapping repetitions, alternatives that match the same text, or a repetition retried from every start of an unanchored search`;

export type WorkVerdict = { readonly ok: true; readonly paths: number } | { readonly ok: false; readonly reason: string };

type Vector = ReadonlyMap<number, number>;

function keyOf(vector: Vector): string {
  return [...vector].sort((a, b) => a[0] - b[0]).map(([node, n]) => `${node}:${n}`).join(",");
}

function total(vector: Vector): number {
  let sum = 0;
  for (const n of vector.values()) sum += n;
  return sum;
}

export function engineWork(nfa: Nfa): WorkVerdict {
  if (nfa.emptyLoop) return { ok: false, reason: "a repetition's body can match the empty string, so it can repeat in countless ways" };
  const initial = pathCounter(nfa, true, false);
  const after = pathCounter(nfa, false, false);
  const sets: CharSet[] = nfa.charNodes.map((c) => nfa.nodes[c]!.consume!.set);
  const classes = partition(sets);
  // accepts.get(c): the classes character node c accepts.
  const accepts = new Map(nfa.charNodes.map((c, i) => [c, new Set(classes.flatMap((block, k) => (isSubset(block, sets[i]!) ? [k] : [])))]));
  const start = onlyCharNodes(nfa, initial(nfa.start));
  const seen = new Set<string>([keyOf(start)]);
  const queue: Vector[] = [start];
  let most = total(start);
  for (let head = 0; head < queue.length; head++) {
    const vector = queue[head]!;
    for (const nodes of consumerGroups(vector, accepts, classes.length)) {
      const next = new Map<number, number>();
      for (const c of nodes) {
        const n = vector.get(c)!;
        for (const [target, ways] of after(nfa.nodes[c]!.consume!.to)) {
          if (target === nfa.final) continue; // a match: the search stops there
          next.set(target, Math.min(MAX_PATHS + 1, (next.get(target) ?? 0) + n * ways));
        }
      }
      const sum = total(next);
      if (sum > MAX_PATHS) return { ok: false, reason: TOO_MANY_PATHS };
      most = Math.max(most, sum);
      const key = keyOf(next);
      if (seen.has(key)) continue;
      if (seen.size >= MAX_VECTORS) return { ok: false, reason: `its analysis would need more than ${MAX_VECTORS} steps` };
      seen.add(key);
      queue.push(next);
    }
  }
  return { ok: true, paths: most };
}

/**
 * The nodes of `vector` that read a character, one group per distinct set of them: classes that the
 * same nodes accept lead to the same next vector, so each group is stepped once, not each class.
 */
function consumerGroups(vector: Vector, accepts: ReadonlyMap<number, ReadonlySet<number>>, classes: number): number[][] {
  const groups = new Map<string, number[]>();
  for (let k = 0; k < classes; k++) {
    const nodes = [...vector.keys()].filter((c) => accepts.get(c)!.has(k));
    groups.set(nodes.join(","), nodes);
  }
  return [...groups.values()];
}

function onlyCharNodes(nfa: Nfa, counts: ReadonlyMap<number, number>): Vector {
  return new Map([...counts].filter(([node]) => node !== nfa.final));
}
