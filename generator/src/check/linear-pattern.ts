/**
 * A conservative test that a regular expression runs in linear time on a backtracking engine.
 *
 * Exponential backtracking needs a repeated part that can match the same text in more than one
 * way: a quantified group that itself contains a quantifier or an alternation (`(a+)+`, `(a|a)*`).
 * This accepts quantifiers on single atoms (a character, a class, an escape) anywhere, and a
 * quantified group only when its first atom is a literal that no quantified atom inside the group
 * can match, so each repetition starts at a point fixed by the text (`(?:\.[a-z]+)*`). Back-references
 * and lookaround are refused outright. It refuses some safe patterns; it accepts no unsafe one of
 * the shapes above.
 */

interface Atom {
  /** The characters a single-character atom can match; undefined means "unknown / many". */
  readonly chars?: (c: string) => boolean;
  readonly literal?: string;
  readonly group?: Sequence;
  quantified: boolean;
}

type Sequence = Atom[][]; // alternatives, each a list of atoms

export type PatternVerdict = { ok: true } | { ok: false; reason: string };

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Sequence {
    const seq = this.alternatives();
    if (this.i < this.src.length) throw new Error(`unbalanced ')' at ${this.i}`);
    return seq;
  }

  private alternatives(): Sequence {
    const alts: Atom[][] = [this.sequence()];
    while (this.src[this.i] === "|") {
      this.i++;
      alts.push(this.sequence());
    }
    return alts;
  }

  private sequence(): Atom[] {
    const atoms: Atom[] = [];
    while (this.i < this.src.length && this.src[this.i] !== "|" && this.src[this.i] !== ")") {
      const atom = this.atom();
      if (atom && this.quantifier()) atom.quantified = true;
      if (atom) atoms.push(atom);
    }
    return atoms;
  }

  private quantifier(): boolean {
    const rest = this.src.slice(this.i);
    const m = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(rest);
    if (!m) return false;
    this.i += m[0].length;
    // `?` and `{0,1}`-like bounded counts cannot repeat; treat only repetition as quantified.
    return !/^\?\??$/.test(m[0]);
  }

  private atom(): Atom | undefined {
    const c = this.src[this.i]!;
    if (c === "^" || c === "$") {
      this.i++;
      return undefined;
    }
    if (c === "(") {
      this.i++;
      if (this.src.startsWith("?:", this.i)) this.i += 2;
      else if (/^\?[=!<]/.test(this.src.slice(this.i))) throw new Refusal("lookaround is not allowed");
      const group = this.alternatives();
      if (this.src[this.i] !== ")") throw new Error("missing ')'");
      this.i++;
      return { group, quantified: false };
    }
    if (c === "[") {
      const end = this.classEnd();
      const body = this.src.slice(this.i, end + 1);
      this.i = end + 1;
      const re = new RegExp(body, "u");
      return { chars: (ch) => re.test(ch), quantified: false };
    }
    if (c === "\\") {
      const next = this.src[this.i + 1] ?? "";
      if (/[1-9k]/.test(next)) throw new Refusal("back-references are not allowed");
      const esc = this.src.slice(this.i, this.i + 2);
      this.i += 2;
      if (/[dDwWsSbB]/.test(next)) {
        const re = new RegExp(esc, "u");
        return { chars: (ch) => re.test(ch), quantified: false };
      }
      return { literal: next, chars: (ch) => ch === next, quantified: false };
    }
    this.i++;
    if (c === ".") return { chars: () => true, quantified: false };
    return { literal: c, chars: (ch) => ch === c, quantified: false };
  }

  private classEnd(): number {
    let j = this.i + 1;
    if (this.src[j] === "^") j++;
    if (this.src[j] === "]") j++;
    for (; j < this.src.length; j++) {
      if (this.src[j] === "\\") j++;
      else if (this.src[j] === "]") return j;
    }
    throw new Error("missing ']'");
  }
}

class Refusal extends Error {}

/** Every quantified single-character atom inside a sequence, at any depth. */
function quantifiedAtoms(seq: Sequence, insideRepeat = false): Atom[] {
  const out: Atom[] = [];
  for (const alt of seq) {
    for (const atom of alt) {
      if (atom.group) out.push(...quantifiedAtoms(atom.group, insideRepeat || atom.quantified));
      else if (atom.quantified || insideRepeat) out.push(atom);
    }
  }
  return out;
}

function containsRepetition(seq: Sequence): boolean {
  return seq.some((alt) => alt.some((a) => a.quantified || (a.group !== undefined && containsRepetition(a.group))));
}

function checkSequence(seq: Sequence): void {
  for (const alt of seq) {
    for (const atom of alt) {
      if (!atom.group) continue;
      if (atom.quantified) {
        if (atom.group.length > 1) throw new Refusal("a repeated group must not contain an alternation");
        if (containsRepetition(atom.group)) {
          const first = atom.group[0]![0];
          const guard = first?.literal;
          const inner = quantifiedAtoms(atom.group).filter((a) => a !== first);
          if (guard === undefined || first!.quantified || inner.some((a) => !a.chars || a.chars(guard))) {
            throw new Refusal("a repeated group that contains a repetition must start with a literal the repetition cannot match");
          }
        }
      }
      checkSequence(atom.group);
    }
  }
}

export function checkLinearPattern(pattern: string): PatternVerdict {
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    return { ok: false, reason: `invalid: ${(error as Error).message}` };
  }
  try {
    checkSequence(new Parser(pattern).parse());
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Refusal ? error.message : `not understood: ${(error as Error).message}` };
  }
}
