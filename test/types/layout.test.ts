/**
 * The printer lays text out as prettier would (pinned options), including on cases today's spec
 * does not reach: long unions, long strings under long and short keys, quotes inside strings,
 * keys that need quotes, wide characters, empty and nested containers.
 */
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import type { Json } from "../../generator/src/emit/types/constants.js";
import { cjsConstant, declaredConstant, esmConstant } from "../../generator/src/emit/types/print-values.js";
import { printAlias, printInterface, type Member } from "../../generator/src/typescript/print-declarations.js";
import { PRETTIER_OPTIONS } from "../../generator/src/typescript/style.js";
import type { TypeExpr } from "../../generator/src/typescript/type-expression.js";

async function expectStable(text: string, parser: "typescript" | "babel"): Promise<void> {
  expect(text).toBe(await prettier.format(text, { ...PRETTIER_OPTIONS, parser }));
}

const union = (members: string[]): TypeExpr => ({ text: members.join(" | "), members });
const literals = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `"${prefix}_${i}"`);
const doc = { paragraphs: ["A doc.", "With */ inside and a second paragraph."], tags: ["@see [x](../reference/x.md#y)"] };

describe("declarations", () => {
  const members: Member[] = [
    { doc, key: "short", type: union(literals(3, "A")) },
    { doc, key: "fits_on_the_next_line_only_because_the_name_of_this_property_is_quite_long_indeed", optional: true, type: union(literals(5, "VALUE")) },
    { doc, key: "breaks", type: union(literals(14, "LONGER_VALUE")) },
    { doc, key: "needs-quotes", type: { text: "Record<string, string | number | null>" } },
    { doc, key: "[key: string]", type: { text: "unknown" } },
  ];

  it.each([
    ["an interface", printInterface("Sample", doc, members)],
    ["a short alias", printAlias("Short", doc, union(["A", "B"]))],
    ["an alias that fits on the next line", printAlias("AliasWithAVeryLongNameThatPushesTheUnionToTheNextLine", doc, union(literals(6, "MEMBER")))],
    ["an alias that breaks", printAlias("Broken", doc, union(literals(20, "MEMBER")))],
  ])("%s", async (_name, text) => {
    await expectStable(text, "typescript");
  });
});

const VALUES: Readonly<Record<string, Json>> = {
  SHORT: ["a", "b"],
  EMPTY: { list: [], object: {} },
  LONG_LIST: Array.from({ length: 12 }, (_, i) => `ENTRY_NUMBER_${i}`),
  NESTED: { inner: { deeper: ["x", "y"], n: 1, yes: true, none: null } },
  QUOTES: { a: 'say "hi"', b: "it's", c: `both ' and "" here` },
  KEYS: { "needs-quotes": 1, plain_key: 2, $dollar: 3 },
  LONG_STRINGS: {
    id: "x".repeat(130),
    condition: "The request is invalid (its body or query string does not follow the definition); more words to pass the width.",
  },
  WIDE: ["表".repeat(40), "表".repeat(40)],
  TABLE: [
    { id: "one", status: 400, headers: [] },
    { id: "two", status: 429, headers: ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] },
  ],
};

describe("constants", () => {
  it.each(Object.entries(VALUES))("%s as ESM, CommonJS and a declaration", async (name, value) => {
    await expectStable(esmConstant(name, value), "babel");
    await expectStable(cjsConstant(name, value), "babel");
    await expectStable(declaredConstant(name, value), "typescript");
  });
});
