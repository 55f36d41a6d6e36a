/**
 * The arbitraries bundle puts the shape table in as text printed by the generator, not by esbuild
 * (emit/fixtures/literal-text.ts): that text must be esbuild's to the byte, for any JSON value the
 * printer accepts, the printer must decline what esbuild would quote or escape its own way, and the
 * bundle filled in must be the bundle of the entry with the real spec's table written in.
 * Seeded like the other property tests (`FUZZ_SEED=<n>` replays a run).
 */
import { transformSync } from "esbuild";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitrariesBundle, bundledEntry } from "../../generator/src/emit/fixtures/arbitraries-bundle.js";
import { arbitrariesData, arbitrariesEntry } from "../../generator/src/emit/fixtures/entries.js";
import { esbuildLiteralText } from "../../generator/src/emit/fixtures/literal-text.js";
import { shapeTable } from "../../generator/src/emit/fixtures/shape-table.js";
import { realIr } from "../support/spec-ir.js";
import { FUZZ_SEED } from "../validator/support/fuzz-seed.js";

/** What esbuild prints for the value's JSON as a call's argument, with the bundle's options. */
function printedByEsbuild(value: unknown): string {
  const code = transformSync(`f(${JSON.stringify(value)});\n`, { loader: "js", format: "esm", platform: "neutral", target: "es2022", charset: "ascii", logLevel: "silent" }).code;
  return code.slice("f(".length, -");\n".length);
}

/** Strings made of the characters that matter: plain ones, quotes, escapes, non-ASCII, `</script`. */
const text = fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(..."ab:,{}[]'`$ 0"), maxLength: 6 }), fc.constantFrom("</script>", "</SCRIPT", "<p>a</p>", "__proto__", 'say "hi"', "back\\slash", "é", "\u2028", "\n"));
const number = fc.oneof(fc.integer(), fc.integer({ min: -1e7, max: 1e7 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1000, 1500, 1e6, 1200000, 1e21, 0.001, 0.0001, 1.5e-7, 5e-324, 123.456, -0));
const { json } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: "small" }, text, number, fc.boolean(), fc.constant(null), fc.array(tie("json"), { maxLength: 4 }), fc.dictionary(text, tie("json"), { maxKeys: 4 })),
}));

describe("esbuildLiteralText", () => {
  it("prints any JSON value it accepts as esbuild does", () => {
    // Values go to esbuild a list at a time: one transform per value would make the test slow.
    fc.assert(
      fc.property(fc.array(json, { minLength: 1, maxLength: 20 }), (values) => {
        const accepted = values.filter((v) => esbuildLiteralText(v) !== undefined);
        expect(esbuildLiteralText(accepted)).toBe(printedByEsbuild(accepted));
      }),
      { seed: FUZZ_SEED, numRuns: 300 },
    );
  });

  it("prints numbers as esbuild does, across the doubles", () => {
    const numbers = fc.sample(number, { seed: FUZZ_SEED, numRuns: 5000 });
    expect(esbuildLiteralText(numbers)).toBe(printedByEsbuild(numbers));
  });

  it("declines what esbuild quotes or escapes differently, and what is not data", () => {
    const ownProto = JSON.parse('{"__proto__": 1}') as unknown;
    for (const value of ['a"b', "a\\b", "é", "a\nb", "x</Script>", ownProto, undefined, () => 1]) {
      expect(esbuildLiteralText(value), JSON.stringify(value)).toBeUndefined();
    }
    expect(esbuildLiteralText({ a: [1000, "<p>x</p>", {}, []] })).toBe('{ "a": [1e3, "<p>x</p>", {}, []] }');
  });
});

describe("arbitrariesBundle", () => {
  it("gives the bytes of bundling the entry with its data written in", () => {
    const table = shapeTable(realIr());
    const data = arbitrariesData(table);
    const whole = bundledEntry(arbitrariesEntry((name) => JSON.stringify(data[name])), "arbitraries-entry.js", ["fast-check"], "// header");
    const filled = arbitrariesBundle(table, "// header");
    expect(filled.esm).toBe(whole.esm);
    expect(filled.cjs).toBe(whole.cjs);
  });
});
