/**
 * Pattern formats compiled to char-code loops, or to deterministic automata, must match exactly what
 * the RegExp (with the `u` flag) matches, for the spec's patterns and for the shapes each compiler
 * accepts; patterns outside the loop subset are refused by it. (The test instantiates the generated
 * source with `new Function`; the package itself never does.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../generator/src/emit/validator/pattern-matcher.js";
import { patternMatcher } from "../../generator/src/emit/validator/format-plan.js";
import { loadIr } from "./support/spec.js";

function matcher(source: string): (s: string) => boolean {
  return new Function(`return ${source}`)() as (s: string) => boolean;
}

const COMPILED = ["^af_[A-Za-z0-9]{1,27}$", "^[A-Za-z0-9_-]+$", "^a\\.b?c{2}$", "^[a-c]{2,}x[0-9]*$", "^-[\\]\\-]?z$", "^x{0,3}$"];
const REFUSED = ["\\{\\{[^{}]*\\}\\}", "^[a-z]+[a-z0-9]$", "^(ab)+$", "^a|b$", "^.+$", "^\\d+$", "^[^a]$", "^é$", "^a+?$", "abc$", "^abc", "^$"];

const text = fc.string({ unit: fc.constantFrom("a", "b", "c", "f", "x", "z", "_", "-", ".", "0", "9", "A", "]", "é", "😀", "\ud800"), maxLength: 30 });

/**
 * Any code point but a surrogate: fast-check's `unit: "binary"`, value for value under the same seed
 * (its index past U+D7FF skips the 2,048 surrogates, and the inverse lets fast-check recognise its
 * own strings). fast-check's own unit builds a reverse table of all 1,112,064 code points the first
 * time a string is made, about 0.7 s of CPU in this suite alone.
 */
const SURROGATES = 0x800;
const anyCodePoint = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (n) => String.fromCodePoint(n < 0xd800 ? n : n + SURROGATES),
  (value) => {
    const n = typeof value === "string" ? value.codePointAt(0) : undefined;
    if (n === undefined || String.fromCodePoint(n) !== value || (n >= 0xd800 && n < 0xe000)) throw new Error("not one code point outside the surrogates");
    return n < 0xd800 ? n : n - SURROGATES;
  },
);

describe("compiled patterns", () => {
  const ir = loadIr();
  const patterns = [...new Set([...ir.formats.flatMap((f) => (f.pattern !== undefined && compilePattern(f.pattern) !== null ? [f.pattern] : [])), ...COMPILED])];

  it("cover the spec's anchored patterns", () => {
    expect(patterns.length).toBeGreaterThan(COMPILED.length);
  });

  it.each(patterns)("%s matches exactly as the RegExp", (pattern) => {
    const compiled = matcher(compilePattern(pattern)!);
    const regexp = new RegExp(pattern, "u");
    const examples = ir.formats.find((f) => f.pattern === pattern)?.examples ?? [];
    for (const e of examples) expect(compiled(e)).toBe(true);
    fc.assert(fc.property(text, (s) => compiled(s) === regexp.test(s)), { seed: 11, numRuns: 3000 });
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => compiled(s) === regexp.test(s)), { seed: 12, numRuns: 1000 });
  });

  it.each(REFUSED)("refuses %s (it stays a RegExp)", (pattern) => {
    expect(compilePattern(pattern)).toBeNull();
  });
});

const AUTOMATA = [
  "\\{\\{[^{}]*\\}\\}",
  "^[A-Za-z0-9!#$%&'*+/=?^_`|~.-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*$",
  "^(af_[A-Za-z0-9]+)+$",
  "^(a|ab)*c$",
  "^[^a]$",
  "^.+$",
  "^é$",
  "^[\\u{1F600}-\\u{1F64F}]+x?$",
  "a\\.c",
  "^\\s*\\S",
  "x$",
];

describe("patterns compiled to automata", () => {
  const ir = loadIr();
  const specPatterns = ir.formats.flatMap((f) => (f.pattern !== undefined && compilePattern(f.pattern) === null ? [f.pattern] : []));

  it("cover the spec's other patterns", () => {
    expect(specPatterns.length).toBeGreaterThan(0);
  });

  it.each([...new Set([...specPatterns, ...AUTOMATA])])("%s matches exactly as the RegExp", (pattern) => {
    const compiled = patternMatcher(pattern);
    expect(compiled.how).toBe("automaton");
    const automaton = matcher(compiled.source);
    const regexp = new RegExp(pattern, "u");
    for (const e of ir.formats.find((f) => f.pattern === pattern)?.examples ?? []) expect(automaton(e)).toBe(true);
    fc.assert(fc.property(text, (s) => automaton(s) === regexp.test(s)), { seed: 21, numRuns: 3000 });
    fc.assert(fc.property(fc.string({ unit: anyCodePoint, maxLength: 40 }), (s) => automaton(s) === regexp.test(s)), { seed: 22, numRuns: 1000 });
  });

  it("never compiles a pattern the spec check refuses", () => {
    expect(() => patternMatcher("^(a+)+$")).toThrow(/cannot be compiled/);
  });
});
