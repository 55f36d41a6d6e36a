/**
 * A regular expression (ECMA-262 syntax, read with the `u` flag as JSON Schema patterns are) → a
 * small tree. Only what a finite automaton can do is understood: characters, classes, `.`, the class
 * escapes `\d \w \s` and their negations, groups, alternation, every quantifier (greedy or lazy,
 * which cannot change whether a string matches), `^` and `$`. Back-references, lookaround, `\b`,
 * `\B`, `\p{…}` and group modifiers are refused with a reason. The caller has already checked that
 * `new RegExp(pattern, "u")` accepts the text, so syntax errors need no precise messages here.
 */
import { complement, DIGIT, DOT, normalise, single, SPACE, union, WORD, type CharSet, type Range } from "./char-set.js";

export type RegexNode =
  | { readonly kind: "chars"; readonly set: CharSet }
  | { readonly kind: "seq"; readonly items: readonly RegexNode[] }
  | { readonly kind: "alt"; readonly options: readonly RegexNode[] }
  | { readonly kind: "repeat"; readonly body: RegexNode; readonly min: number; readonly max: number }
  | { readonly kind: "assert"; readonly at: "start" | "end" };

/** A construct outside what an automaton can decide: the pattern is refused for this reason. */
export class Unsupported extends Error {}

const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);
const CONTROL: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9A-Fa-f]$/.test(c);
}

class Parser {
  private i = 0;
  private readonly chars: readonly string[];

  constructor(pattern: string) {
    this.chars = [...pattern]; // code points, as the `u` flag reads the pattern
  }

  parse(): RegexNode {
    const node = this.disjunction();
    if (this.i < this.chars.length) throw new Error(`unexpected ${this.peek()} at ${this.i}`);
    return node;
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.i + offset];
  }

  private next(): string {
    const c = this.chars[this.i++];
    if (c === undefined) throw new Error("unexpected end of pattern");
    return c;
  }

  private disjunction(): RegexNode {
    const options = [this.alternative()];
    while (this.peek() === "|") {
      this.i++;
      options.push(this.alternative());
    }
    return options.length === 1 ? options[0]! : { kind: "alt", options };
  }

  private alternative(): RegexNode {
    const items: RegexNode[] = [];
    while (this.i < this.chars.length && this.peek() !== "|" && this.peek() !== ")") items.push(this.term());
    return items.length === 1 ? items[0]! : { kind: "seq", items };
  }

  private term(): RegexNode {
    const c = this.peek();
    if (c === "^" || c === "$") {
      this.i++;
      return { kind: "assert", at: c === "^" ? "start" : "end" };
    }
    if (c === "\\" && (this.peek(1) === "b" || this.peek(1) === "B")) throw new Unsupported("word-boundary assertions (\\b, \\B) are not supported");
    const atom = this.atom();
    return this.quantified(atom);
  }

  private quantified(body: RegexNode): RegexNode {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{") {
      const bounds = this.braces();
      if (bounds === null) return body;
      [min, max] = bounds;
    } else return body;
    if (c !== "{") this.i++;
    if (this.peek() === "?") this.i++; // lazy: the same strings match
    return { kind: "repeat", body, min, max };
  }

  /** `{n}`, `{n,}` or `{n,m}` at the cursor (consumed), or null. */
  private braces(): [number, number] | null {
    const rest = this.chars.slice(this.i, this.i + 40).join("");
    const m = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    if (!m) return null;
    this.i += [...m[0]].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    return [min, max];
  }

  private atom(): RegexNode {
    const c = this.next();
    switch (c) {
      case ".":
        return { kind: "chars", set: DOT };
      case "[":
        return { kind: "chars", set: this.classBody() };
      case "(":
        return this.group();
      case "\\":
        return { kind: "chars", set: this.atomEscape() };
      default:
        if (SYNTAX.has(c) && c !== "/") throw new Error(`unexpected ${c}`);
        return { kind: "chars", set: single(c.codePointAt(0)!) };
    }
  }

  private group(): RegexNode {
    if (this.peek() === "?") {
      const kind = this.peek(1);
      if (kind === ":") this.i += 2;
      else if (kind === "<" && this.peek(2) !== "=" && this.peek(2) !== "!") {
        while (this.next() !== ">"); // a named group: the name does not matter
      } else if (kind === "=" || kind === "!" || kind === "<") throw new Unsupported("lookaround assertions are not supported");
      else throw new Unsupported("group modifiers are not supported");
    }
    const inner = this.disjunction();
    if (this.next() !== ")") throw new Error("missing )");
    return inner;
  }

  private atomEscape(): CharSet {
    const c = this.peek();
    if (c !== undefined && /^[1-9]$/.test(c)) throw new Unsupported("back-references are not supported");
    if (c === "k") throw new Unsupported("back-references are not supported");
    const set = this.classEscape();
    if (set !== null) return set;
    return single(this.characterEscape());
  }

  /** `\d \D \w \W \s \S` at the cursor (after the backslash), consumed; null for anything else. */
  private classEscape(): CharSet | null {
    const c = this.peek();
    if (c === "p" || c === "P") throw new Unsupported("Unicode property escapes (\\p{…}) are not supported");
    const sets: Readonly<Record<string, CharSet>> = { d: DIGIT, D: complement(DIGIT), w: WORD, W: complement(WORD), s: SPACE, S: complement(SPACE) };
    if (c === undefined || !(c in sets)) return null;
    this.i++;
    return sets[c]!;
  }

  /** One escaped character (after the backslash): its code point. */
  private characterEscape(): number {
    const c = this.next();
    if (c in CONTROL) return CONTROL[c]!;
    if (c === "c") return this.next().codePointAt(0)! % 32;
    if (c === "0") return 0;
    if (c === "x") return parseInt(this.next() + this.next(), 16);
    if (c === "u") return this.unicodeEscape();
    return c.codePointAt(0)!; // an identity escape: a syntax character, `/` or (in a class) `-`
  }

  private unicodeEscape(): number {
    if (this.peek() === "{") {
      this.i++;
      let hex = "";
      while (this.peek() !== "}") hex += this.next();
      this.i++;
      return parseInt(hex, 16);
    }
    const lead = parseInt(this.chars.slice(this.i, this.i + 4).join(""), 16);
    this.i += 4;
    // With the `u` flag, an escaped surrogate pair is one code point.
    if (lead >= 0xd800 && lead <= 0xdbff && this.peek() === "\\" && this.peek(1) === "u" && [2, 3, 4, 5].every((k) => isHex(this.peek(k)))) {
      const trail = parseInt(this.chars.slice(this.i + 2, this.i + 6).join(""), 16);
      if (trail >= 0xdc00 && trail <= 0xdfff) {
        this.i += 6;
        return 0x10000 + ((lead - 0xd800) << 10) + (trail - 0xdc00);
      }
    }
    return lead;
  }

  /** The body of `[…]` after the `[`, up to and including `]`. */
  private classBody(): CharSet {
    const negated = this.peek() === "^";
    if (negated) this.i++;
    const parts: CharSet[] = [];
    while (this.peek() !== "]") {
      const low = this.classAtom();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined && typeof low === "number") {
        this.i++;
        const high = this.classAtom();
        if (typeof high !== "number") throw new Error("a class escape cannot end a range");
        parts.push([[low, high] as Range]);
      } else parts.push(typeof low === "number" ? single(low) : low);
    }
    this.i++;
    const set = parts.length === 0 ? [] : union(...parts);
    return negated ? complement(normalise(set)) : set;
  }

  /** One class member: a code point, or a set for `\d`-like escapes. */
  private classAtom(): number | CharSet {
    const c = this.next();
    if (c !== "\\") return c.codePointAt(0)!;
    if (this.peek() === "b") {
      this.i++;
      return 0x08; // inside a class, \b is the backspace character
    }
    if (this.peek() === "-") {
      this.i++;
      return 0x2d;
    }
    return this.classEscape() ?? this.characterEscape();
  }
}

/** The pattern's tree; throws Unsupported (with the reason) or Error (a syntax the parser missed). */
export function parseRegex(pattern: string): RegexNode {
  return new Parser(pattern).parse();
}
