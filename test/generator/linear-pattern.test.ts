/**
 * The spec's "linear-time pattern" rule, given → want: patterns a backtracking engine runs in linear
 * time are accepted, patterns it can run in polynomial or exponential time are refused, and so are
 * constructs no automaton can decide. The spec's own formats stay accepted.
 */
import { describe, expect, it } from "vitest";
import { checkLinearPattern } from "../../generator/src/check/linear-pattern.ts";
import { realIr } from "../support/spec-ir.js";

type Want = "linear" | "not linear" | "unsupported" | "invalid";

const TABLE: readonly (readonly [pattern: string, want: Want, why: string])[] = [
  // Linear: each character is read by a bounded number of engine paths.
  ["^af_[A-Za-z0-9]{1,27}$", "linear", "a spec format"],
  ["^[A-Za-z0-9_-]+$", "linear", "one repetition"],
  ["\\{\\{[^{}]*\\}\\}", "linear", "unanchored, but the repetition cannot read the first character"],
  ["^[A-Za-z0-9!#$%&'*+/=?^_`|~.-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*$", "linear", "repetitions separated by characters they cannot read"],
  ["^(af_[A-Za-z0-9]+)+$", "linear", "nested repetition, but `_` says where each round starts"],
  ["^ac_(x|y)*$", "linear", "alternatives that start differently"],
  ["^\\d{4}-\\d{2}-\\d{2}$", "linear", "bounded counts"],
  ["^[a-z]+(?:-[a-z]+)*$", "linear", "words joined by a separator"],
  ["^(?:[0-9]{1,3}\\.){3}[0-9]{1,3}$", "linear", "a repeated group of bounded size"],
  ["^a*b", "linear", "anchored at the start"],
  ["^(a|ab)*c$", "linear", "alternatives that share a prefix but not a continuation"],
  ["^[^@]+@[^@]+$", "linear", "negated classes around a separator"],
  ["^x{0,100}$", "linear", "a large bounded count of one character"],
  ["^[+-]?[0-9]+$", "linear", "an optional sign"],
  ["^#[0-9A-Fa-f]{6}$", "linear", "a colour"],
  ["abc", "linear", "an unanchored literal"],
  ["^[\\u{1F600}-\\u{1F64F}]+$", "linear", "astral code points"],
  ["^(?<year>\\d{4})-(?:0[1-9]|1[0-2])$", "linear", "named groups and alternatives on distinct digits"],
  // Not linear: some text is read by more and more paths as it grows.
  ["^[0-9]+[0-9]+[0-9]+x$", "not linear", "three repetitions that can take each other's digits (cubic)"],
  ["^(a+)+$", "not linear", "a repetition inside a repetition (exponential)"],
  ["^(a|a)*$", "not linear", "alternatives that match the same text, repeated"],
  ["^(a|aa)*$", "not linear", "`aa` is one round or two"],
  ["^(\\w+\\s?)+$", "not linear", "the classic: optional separator inside a repetition"],
  ["\\d+$", "not linear", "unanchored: retried from every start position (quadratic)"],
  ["a*b", "not linear", "unanchored: retried from every start position (quadratic)"],
  ["^(.*,)*x$", "not linear", "`.` also reads the separator"],
  ["^ac_([A-Za-z0-9]+)+$", "not linear", "a repetition inside a repetition"],
  ["(a?){30}", "not linear", "thirty optional copies: combinatorially many ways"],
  ["^(x+x+)+y$", "not linear", "adjacent repetitions inside a repetition"],
  ["^(a*)*$", "not linear", "a repetition whose body matches the empty string"],
  ["^(a|b?)*$", "not linear", "an alternative that matches the empty string, repeated"],
  ["^[a-z]{1,40}x", "linear", "anchored: one start position"],
  ["[a-z]{1,40}x", "not linear", "unanchored: up to forty starts in flight at once"],
  // Constructs no finite automaton decides, or too large to build.
  ["^(a)\\1$", "unsupported", "a back-reference"],
  ["^(?=a)a$", "unsupported", "lookahead"],
  ["(?<!a)b", "unsupported", "lookbehind"],
  ["\\bword\\b", "unsupported", "word boundaries"],
  ["^\\p{L}+$", "unsupported", "Unicode property escapes"],
  ["^x{0,100000}$", "unsupported", "unrolls to too many states"],
  // Not regular expressions at all (with the `u` flag).
  ["^(a$", "invalid", "an unclosed group"],
  ["[z-a]", "invalid", "a reversed range"],
  ["\\k<x>", "invalid", "a reference to no group"],
];

function verdict(pattern: string): Want {
  const result = checkLinearPattern(pattern);
  if (result.ok) return "linear";
  if (result.reason.startsWith("invalid")) return "invalid";
  return /not supported|unrolls|table entries|analysis would need|not understood/.test(result.reason) ? "unsupported" : "not linear";
}

describe("the linear-time pattern rule", () => {
  it("has a table of at least 30 known-bad and known-safe patterns", () => {
    expect(TABLE.filter(([, want]) => want === "linear").length).toBeGreaterThanOrEqual(15);
    expect(TABLE.filter(([, want]) => want !== "linear").length).toBeGreaterThanOrEqual(15);
  });

  it.each(TABLE)("%s is %s (%s)", (pattern, want) => {
    expect(verdict(pattern)).toBe(want);
  });

  it("gives a reason for every refusal", () => {
    for (const [pattern, want] of TABLE) {
      const result = checkLinearPattern(pattern);
      if (want !== "linear") expect(result.ok ? "" : result.reason, pattern).toMatch(/\w{4,}/);
    }
  });

  it("accepts every pattern format of the spec", () => {
    const patterns = realIr().formats.flatMap((f) => (f.pattern === undefined ? [] : [f.pattern]));
    expect(patterns.length).toBeGreaterThanOrEqual(4);
    for (const pattern of patterns) expect(checkLinearPattern(pattern), pattern).toEqual({ ok: true });
  });
});
