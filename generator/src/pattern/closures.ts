/**
 * Where the empty moves of an automaton lead from a node: to character nodes (which then consume)
 * and to the final node. `atStart` allows `^` moves (nothing consumed yet), `atEnd` allows `$`
 * moves (nothing left to consume). Two views: the set of targets (for the matcher), and how many
 * distinct empty paths reach each (for the engine-work bound), which needs an acyclic graph.
 */
import type { MoveKind, Nfa } from "./regex-nfa.js";

function allowed(kind: MoveKind, atStart: boolean, atEnd: boolean): boolean {
  return kind === "always" || (kind === "atStart" && atStart) || (kind === "atEnd" && atEnd);
}

function isTarget(nfa: Nfa, node: number): boolean {
  return node === nfa.final || nfa.nodes[node]!.consume !== undefined;
}

/** Character nodes and the final node reachable from `from` by empty moves (cycles allowed). */
export function reach(nfa: Nfa, from: number, atStart: boolean, atEnd: boolean): Set<number> {
  const seen = new Set<number>([from]);
  const targets = new Set<number>();
  const stack = [from];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isTarget(nfa, node)) targets.add(node);
    for (const move of nfa.nodes[node]!.moves) {
      if (allowed(move.kind, atStart, atEnd) && !seen.has(move.to)) {
        seen.add(move.to);
        stack.push(move.to);
      }
    }
  }
  return targets;
}

/** Counts are capped here: two already means "more than one way". */
const MANY = 2;

/**
 * For one setting of the flags, the number of distinct empty paths (capped at MANY) from any node
 * to each target. Valid only when the empty moves have no cycle (Nfa.emptyLoop is false).
 */
export function pathCounter(nfa: Nfa, atStart: boolean, atEnd: boolean): (from: number) => ReadonlyMap<number, number> {
  const memo = new Map<number, Map<number, number>>();
  const count = (node: number): Map<number, number> => {
    const cached = memo.get(node);
    if (cached !== undefined) return cached;
    const out = new Map<number, number>();
    if (isTarget(nfa, node)) out.set(node, 1);
    for (const move of nfa.nodes[node]!.moves) {
      if (!allowed(move.kind, atStart, atEnd)) continue;
      for (const [target, n] of count(move.to)) out.set(target, Math.min(MANY, (out.get(target) ?? 0) + n));
    }
    memo.set(node, out);
    return out;
  };
  return count;
}
