/**
 * The search automaton → a deterministic one (subset construction), which decides `test` reading
 * each character once: linear time by construction, whatever the pattern. States are numbered in
 * the order they are found, so the same pattern always gives the same tables.
 *
 * Two outcomes end a run early: DEAD (no match can start or continue) and MATCHED (a match has been
 * read; with no `$` after it, the rest of the text does not matter).
 */
import { partition, isSubset, type CharSet } from "./char-set.js";
import { reach } from "./closures.js";
import { Unsupported } from "./regex-syntax.js";
import type { Nfa } from "./regex-nfa.js";

const DEAD = -1;
export const MATCHED = -2;
/**
 * Most table entries (states × classes, and states × 128 for the ASCII table the generated matcher
 * keeps): past this the pattern is refused, so the generated code stays small and building it fast.
 */
const MAX_TABLE_ENTRIES = 65_536;

export interface Dfa {
  /** Character classes: class k is the code points these ranges cover. Together, every code point. */
  readonly classes: readonly CharSet[];
  /** `transitions[state * classes.length + k]`: the next state, DEAD or MATCHED. */
  readonly transitions: readonly number[];
  /** Whether the text is matched when it ends in this state. */
  readonly acceptsAtEnd: readonly boolean[];
  /** The state before the first character, or DEAD / MATCHED. */
  readonly initial: number;
  /** Whether the empty string matches. */
  readonly matchesEmpty: boolean;
}

/** Nodes from which a match can still be completed (a `^` move is never usable again). */
function liveNodes(nfa: Nfa): Set<number> {
  const into = new Map<number, number[]>();
  const edge = (from: number, to: number) => {
    let list = into.get(to);
    if (list === undefined) into.set(to, (list = []));
    list.push(from);
  };
  nfa.nodes.forEach((node, i) => {
    for (const move of node.moves) if (move.kind !== "atStart") edge(i, move.to);
    if (node.consume) edge(i, node.consume.to);
  });
  const live = new Set<number>([nfa.final]);
  const stack = [nfa.final];
  while (stack.length > 0) {
    for (const from of into.get(stack.pop()!) ?? []) {
      if (!live.has(from)) {
        live.add(from);
        stack.push(from);
      }
    }
  }
  return live;
}

interface State {
  readonly nodes: readonly number[];
  readonly acceptsAtEnd: boolean;
}

export function determinise(nfa: Nfa): Dfa {
  const live = liveNodes(nfa);
  const sets = nfa.charNodes.map((c) => nfa.nodes[c]!.consume!.set);
  const classes = partition(sets);
  const consumes = classes.map((block) => new Set(nfa.charNodes.filter((_, i) => isSubset(block, sets[i]!))));
  const ids = new Map<string, number>();
  const states: State[] = [];
  const transitions: number[] = [];
  const reached = new Map<number, Set<number>>();
  const reachFrom = (from: number, atStart: boolean, atEnd: boolean): Set<number> => {
    const key = from * 4 + (atStart ? 2 : 0) + (atEnd ? 1 : 0);
    let found = reached.get(key);
    if (found === undefined) reached.set(key, (found = reach(nfa, from, atStart, atEnd)));
    return found;
  };

  /** The state for what empty moves reach from `froms`, or DEAD / MATCHED. */
  const stateOf = (froms: readonly number[], atStart: boolean): number => {
    const midway = new Set<number>();
    let acceptsAtEnd = false;
    for (const from of froms) {
      for (const t of reachFrom(from, atStart, false)) midway.add(t);
      if (!acceptsAtEnd && reachFrom(from, atStart, true).has(nfa.final)) acceptsAtEnd = true;
    }
    if (midway.has(nfa.final)) return MATCHED;
    const nodes = [...midway].filter((n) => n !== nfa.final && live.has(n)).sort((a, b) => a - b);
    if (nodes.length === 0 && !acceptsAtEnd) return DEAD;
    const key = `${nodes.join(",")}|${acceptsAtEnd ? 1 : 0}`;
    let id = ids.get(key);
    if (id === undefined) {
      if ((states.length + 1) * Math.max(classes.length, 128) > MAX_TABLE_ENTRIES) throw new Unsupported(`its automaton would need more than ${MAX_TABLE_ENTRIES} table entries`);
      id = states.length;
      ids.set(key, id);
      states.push({ nodes, acceptsAtEnd });
    }
    return id;
  };

  const initial = stateOf([nfa.start], true);
  for (let s = 0; s < states.length; s++) {
    const state = states[s]!;
    for (const consumers of consumes) {
      const froms = state.nodes.filter((c) => consumers.has(c)).map((c) => nfa.nodes[c]!.consume!.to);
      transitions.push(froms.length === 0 ? DEAD : stateOf(froms, false));
    }
  }
  return {
    classes,
    transitions,
    acceptsAtEnd: states.map((s) => s.acceptsAtEnd),
    initial,
    matchesEmpty: reach(nfa, nfa.start, true, true).has(nfa.final),
  };
}
