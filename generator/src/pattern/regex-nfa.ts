/**
 * A pattern tree → a Thompson automaton for the search `RegExp.prototype.test` does: a loop that
 * skips any character (the start position moving right), then the pattern, accepted as soon as its
 * end is reached. Nodes are joined by empty moves, some of them conditional (`^` only before the
 * first character, `$` only after the last); character nodes consume one code point.
 *
 * Bounded repetitions are unrolled as a backtracking engine counts them, `x{2,4}` as `xx(x(x)?)?`,
 * so each way the engine can match a text is one path here, and path counts mean engine work.
 */
import { ANY, type CharSet } from "./char-set.js";
import type { RegexNode } from "./regex-syntax.js";
import { Unsupported } from "./regex-syntax.js";

export type MoveKind = "always" | "atStart" | "atEnd";

export interface NfaNode {
  /** Empty moves, in order. */
  readonly moves: { readonly to: number; readonly kind: MoveKind }[];
  /** For a character node: what it consumes and where it goes then. */
  consume?: { readonly set: CharSet; readonly to: number };
}

export interface Nfa {
  readonly nodes: readonly NfaNode[];
  readonly start: number;
  /** Reaching it is a match. */
  readonly final: number;
  /** Character nodes, in creation order (the skip loop first). */
  readonly charNodes: readonly number[];
  /** Some repetition can repeat without consuming anything (its body matches the empty string). */
  readonly emptyLoop: boolean;
}

/** More character nodes than this and the pattern is refused: its automaton would be too large. */
const MAX_CHAR_NODES = 2000;

/** Character nodes the tree unrolls to (Infinity past the limit), computed before building. */
function size(node: RegexNode): number {
  switch (node.kind) {
    case "chars":
      return 1;
    case "assert":
      return 0;
    case "seq":
      return node.items.reduce((sum, item) => sum + size(item), 0);
    case "alt":
      return node.options.reduce((sum, option) => sum + size(option), 0);
    case "repeat": {
      const copies = node.max === Infinity ? node.min + 1 : node.max;
      const total = copies * size(node.body);
      return total > MAX_CHAR_NODES ? Infinity : total;
    }
  }
}

function nullable(node: RegexNode): boolean {
  switch (node.kind) {
    case "chars":
      return false;
    case "assert":
      return true;
    case "seq":
      return node.items.every(nullable);
    case "alt":
      return node.options.some(nullable);
    case "repeat":
      return node.min === 0 || nullable(node.body);
  }
}

class Builder {
  readonly nodes: NfaNode[] = [];
  readonly charNodes: number[] = [];
  emptyLoop = false;

  node(): number {
    this.nodes.push({ moves: [] });
    return this.nodes.length - 1;
  }

  move(from: number, to: number, kind: MoveKind = "always"): void {
    this.nodes[from]!.moves.push({ to, kind });
  }

  chars(from: number, set: CharSet): number {
    const c = this.node();
    const out = this.node();
    this.move(from, c);
    this.nodes[c]!.consume = { set, to: out };
    this.charNodes.push(c);
    return out;
  }

  /** Builds `node` after `from`; returns the node where it ends. */
  build(node: RegexNode, from: number): number {
    switch (node.kind) {
      case "chars":
        return this.chars(from, node.set);
      case "assert": {
        const out = this.node();
        this.move(from, out, node.at === "start" ? "atStart" : "atEnd");
        return out;
      }
      case "seq":
        return node.items.reduce((at, item) => this.build(item, at), from);
      case "alt": {
        const join = this.node();
        for (const option of node.options) {
          const entry = this.node();
          this.move(from, entry);
          this.move(this.build(option, entry), join);
        }
        return join;
      }
      case "repeat":
        return this.repeat(node.body, node.min, node.max, from);
    }
  }

  private repeat(body: RegexNode, min: number, max: number, from: number): number {
    let at = from;
    for (let i = 0; i < min; i++) at = this.build(body, at);
    if (max === Infinity) {
      if (nullable(body)) this.emptyLoop = true;
      const loop = this.node();
      const exit = this.node();
      this.move(at, loop);
      const entry = this.node();
      this.move(loop, entry);
      this.move(this.build(body, entry), loop);
      this.move(loop, exit);
      return exit;
    }
    // Optional copies nested, as a counter: once one is skipped, the rest are skipped too.
    const exit = this.node();
    for (let i = min; i < max; i++) {
      const entry = this.node();
      this.move(at, entry);
      this.move(at, exit);
      at = this.build(body, entry);
    }
    this.move(at, exit);
    return exit;
  }
}

/** The search automaton of a pattern tree; throws Unsupported when it would be too large. */
export function buildNfa(tree: RegexNode): Nfa {
  if (size(tree) > MAX_CHAR_NODES) throw new Unsupported(`the pattern unrolls to more than ${MAX_CHAR_NODES} characters (large bounded repetitions)`);
  const b = new Builder();
  const start = b.node();
  const skip: RegexNode = { kind: "repeat", body: { kind: "chars", set: ANY }, min: 0, max: Infinity };
  const final = b.build(tree, b.build(skip, start));
  return { nodes: b.nodes, start, final, charNodes: b.charNodes, emptyLoop: b.emptyLoop };
}
