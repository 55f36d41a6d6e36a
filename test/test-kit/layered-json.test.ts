/**
 * The layout of `fixtures.json` (emit/fixtures/layered-json.ts): what the reader hands out is what
 * the writer was given and what `JSON.parse` reads from the same text, and a text the reader
 * accepts is one JSON text as a whole, however it was damaged. Seeded like the other property
 * tests: `FUZZ_SEED=<n> npx vitest run test/test-kit/layered-json.test.ts` replays a run.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { layeredJson, readLayered } from "../../generator/src/emit/fixtures/layered-json.js";
import { FUZZ_SEED } from "../validator/support/fuzz-seed.js";

const runs = { seed: FUZZ_SEED, numRuns: 300 };

/** Every value `level` keys below the top, with its keys, as a walk of the parsed value finds them. */
function valuesAt(value: unknown, level: number, keys: string[] = []): [string[], unknown][] {
  if (level === 0) return [[keys, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => valuesAt(item, level - 1, [...keys, key]));
}

function read(text: string, depth: number, level: number): [string[], unknown][] {
  const seen: [string[], unknown][] = [];
  readLayered(text, depth, level, (keys, value) => seen.push([[...keys], value]));
  return seen;
}

/** Keys and strings a hand-made reader gets wrong, and `__proto__` keys, which JSON.parse makes own keys. */
const AWKWARD_VALUE = JSON.parse(
  '{"__proto__": {"__proto__": [1, {"__proto__": "x"}]}, "say \\"hi\\"": ["\\\\", "\\n", "\u2028", "é", "a,"], "": {"}": [], "{": {}, "\\n  }": "\\n}"}, "list": [[1, [2]], null, true, -0.5]}',
) as unknown;

describe("layered JSON", () => {
  it("writes JSON that ends in one newline and reads back, at every level, what JSON.parse reads", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 5 }), fc.nat({ max: 5 }), (value, depth, below) => {
        const level = Math.min(depth, below);
        const text = layeredJson(value, depth);
        expect(text.endsWith("\n") && !text.endsWith("\n\n")).toBe(true);
        const parsed = JSON.parse(text) as unknown;
        expect(read(text, depth, level)).toEqual(valuesAt(parsed, level));
      }),
      runs,
    );
  });

  it("keeps awkward keys and strings, __proto__ an own key as JSON.parse makes it", () => {
    for (const depth of [0, 1, 2, 3, 4]) {
      const text = layeredJson(AWKWARD_VALUE, depth);
      const [[, whole]] = read(text, depth, 0) as [[string[], Record<string, unknown>]];
      expect(whole).toEqual(JSON.parse(text));
      expect(Object.getPrototypeOf(whole)).toBe(Object.prototype);
      expect(Object.keys(whole)).toContain("__proto__");
      expect(read(text, depth, Math.min(depth, 2))).toEqual(valuesAt(JSON.parse(text), Math.min(depth, 2)));
    }
  });

  it("lays out one item per line down to its depth", () => {
    expect(layeredJson({ a: { b: [1, { c: 2 }], d: {} }, e: [] }, 2)).toBe('{\n  "a": {\n    "b": [1,{"c":2}],\n    "d": {}\n  },\n  "e": []\n}\n');
  });

  it("writes a text many times longer than the writer's batches as it writes a short one", () => {
    // More than three of the builder's batches (256 Ki characters each), one value longer than a batch.
    const item = (i: number) => ({ name: `item ${i}`, value: "é".repeat(i % 300), list: [i, -0.5, null] });
    const value = { a: Array.from({ length: 3000 }, (_, i) => item(i)), b: { c: "z".repeat(300_000) } };
    const text = layeredJson(value, 2);
    const expected = `{\n  "a": [\n    ${value.a.map((i) => JSON.stringify(i)).join(",\n    ")}\n  ],\n  "b": {\n    "c": ${JSON.stringify(value.b.c)}\n  }\n}\n`;
    expect(text.length).toBeGreaterThan(3 * 2 ** 18);
    expect(text).toBe(expected);
    expect(read(text, 2, 2)).toEqual(valuesAt(value, 2));
  });

  it("accepts a damaged text only where it is still JSON, and then hands out what JSON.parse reads", () => {
    const value = { validators: { A: "validateA" }, records: { A: { minimal: { x: 1 }, edges: [{ name: "e", value: "a,b" }], invalid: [] } }, variants: { "T:A": { full: { y: [1, 2] }, edges: [] } } };
    const text = layeredJson(value, 4);
    const damage = fc.record({ at: fc.nat({ max: text.length - 1 }), remove: fc.integer({ min: 0, max: 3 }), insert: fc.constantFrom("", ",", " ", "\n", "}", "]", '"', "1", "{}", ":", "\\") });
    fc.assert(
      fc.property(damage, fc.constantFrom(0, 1, 2, 3), ({ at, remove, insert }, level) => {
        const damaged = text.slice(0, at) + insert + text.slice(at + remove);
        let seen: [string[], unknown][] | undefined;
        try {
          seen = read(damaged, 4, level);
        } catch (error) {
          expect(String(error)).toMatch(/^Error: flowspec: the layered JSON text leaves its layout at line \d+: /);
          return;
        }
        expect(seen).toEqual(valuesAt(JSON.parse(damaged), level));
      }),
      { ...runs, numRuns: 2000 },
    );
  });

  it("names the line where the text leaves the layout, or where a value that is not JSON starts", () => {
    const text = layeredJson({ a: { b: 1, c: 2 }, d: [3] }, 2);
    expect(() => read(text.replace('"c"', "c"), 2, 2)).toThrow(/at line 4: expected a key/);
    expect(() => read(text.replace('"c"', "c"), 2, 1)).toThrow(/at line 2: the value there is not JSON/);
    expect(() => read(text.replace("1,", "1"), 2, 2)).toThrow(/at line 3: expected "\\n  }"/);
    expect(() => read(text.replace("2\n", "2 2\n"), 2, 2)).toThrow(/at line 4: the value there is not JSON/);
    expect(() => read(`${text}{}`, 2, 1)).toThrow(/at line 9: the text goes on after the value/);
    expect(() => read(text, 2, 3)).toThrow(/no values to read 3 levels deep/);
    // Blanks after the value are JSON's, and the text is still read.
    expect(read(`${text} \r\n`, 2, 1)).toEqual([[["a"], { b: 1, c: 2 }], [["d"], [3]]]);
  });
});
