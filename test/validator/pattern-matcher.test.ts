/**
 * Pattern formats compiled to char-code loops must match exactly what the RegExp matches, for the
 * spec's patterns and for the shapes the compiler accepts; patterns outside the subset are refused.
 * (The test instantiates the generated source with `new Function`; the package itself never does.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern, unicodeFlagIsInert } from "../../generator/src/emit/validator/pattern-matcher.js";
import { loadIr } from "./support/spec.js";

function matcher(source: string): (s: string) => boolean {
  return new Function(`return ${source}`)() as (s: string) => boolean;
}

const COMPILED = ["^af_[A-Za-z0-9]{1,27}$", "^[A-Za-z0-9_-]+$", "^a\\.b?c{2}$", "^[a-c]{2,}x[0-9]*$", "^-[\\]\\-]?z$", "^x{0,3}$"];
const REFUSED = ["\\{\\{[^{}]*\\}\\}", "^[a-z]+[a-z0-9]$", "^(ab)+$", "^a|b$", "^.+$", "^\\d+$", "^[^a]$", "^é$", "^a+?$", "abc$", "^abc", "^$"];

const text = fc.string({ unit: fc.constantFrom("a", "b", "c", "f", "x", "z", "_", "-", ".", "0", "9", "A", "]", "é", "😀", "\ud800"), maxLength: 30 });

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

describe("the u flag", () => {
  it("is dropped only where it cannot change a match", () => {
    expect(unicodeFlagIsInert("^[A-Za-z0-9!#$%&'*+/=?^_`|~.-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*$")).toBe(true);
    for (const p of ["\\{\\{[^{}]*\\}\\}", "^.$", "^\\p{L}$", "^\\u{1F600}$", "^é$"]) expect(unicodeFlagIsInert(p)).toBe(false);
  });

  it("gives the same matches without it, for the spec's patterns where it is dropped", () => {
    for (const f of loadIr().formats) {
      if (f.pattern === undefined || !unicodeFlagIsInert(f.pattern)) continue;
      const [withU, without] = [new RegExp(f.pattern, "u"), new RegExp(f.pattern)];
      fc.assert(fc.property(fc.oneof(text, fc.string({ maxLength: 40 })), (s) => withU.test(s) === without.test(s)), { seed: 13, numRuns: 2000 });
    }
  });
});
