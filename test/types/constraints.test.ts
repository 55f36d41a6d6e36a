/**
 * Constraints put into words for the JSDoc hovers, as given/want tables: the phrases of a node and
 * the sentences made of them (`emit/reference/schema-text.ts` writes the terse table version).
 */
import { describe, expect, it } from "vitest";
import type { SchemaNode } from "../../generator/src/ir/model.js";
import { describeConstraints, phrases, type ConstraintContext } from "../../generator/src/typescript/constraints.js";
import { any, array, boolean, integer, number, object, ref, string, union } from "../support/schema-nodes.js";

const formats = [
  { name: "flow-id", description: "A flow id.", provenance: "observed" as const, syntax: "`af_` and 22 characters.", examples: ["af_1"], loc: { file: "spec/formats.yaml", line: 1, col: 1 } },
];
const records = new Map<string, SchemaNode>([["VaultConnectionId", string({ maxLength: 30 })], ["Address", object({ line: string() })]]);
const ctx: ConstraintContext = { formats, record: (name) => records.get(name), formatLink: (name) => `../reference/formats.md#${name}` };

describe("phrases", () => {
  const table: [given: string, node: SchemaNode, want: string[]][] = [
    ["a plain string", string(), []],
    ["a constant needs no words", string({ const: "code" }), []],
    ["an enum", string({ enum: ["A", "B"] }), ["one of `\"A\"`, `\"B\"`"]],
    ["a length range", string({ minLength: 1, maxLength: 150 }), ["1 to 150 characters"]],
    ["an exact length of one", string({ minLength: 1, maxLength: 1 }), ["exactly 1 character"]],
    ["a lower bound of zero says nothing", string({ minLength: 0, maxLength: 9 }), ["at most 9 characters"]],
    ["a format, with its syntax", string({ format: "flow-id" }), ["format [`flow-id`](../reference/formats.md#flow-id): `af_` and 22 characters"]],
    ["an unknown format, by name", string({ format: "other" }), ["format [`other`](../reference/formats.md#other)"]],
    ["a pattern", string({ pattern: "^a$" }), ["matches the pattern `^a$`"]],
    ["an integer range", integer({ minimum: 0, maximum: 9 }), ["an integer", "from 0 to 9"]],
    ["a number at least", number({ minimum: 1 }), ["at least 1"]],
    ["a number at most", number({ maximum: 1 }), ["at most 1"]],
    ["a boolean", boolean({ const: true }), []],
    ["items and what each is", array(string({ maxLength: 5 }), { minItems: 1 }), ["at least 1 item", "each item: at most 5 characters"]],
    ["a map's values", object({}, integer({ minimum: 0 }), { maxProperties: 50 }), ["at most 50 properties", "each value: an integer, at least 0"]],
    ["a union where a member is constrained", union(integer({ minimum: 0 }), string({ maxLength: 250 })), ["either an integer (at least 0) or a string (at most 250 characters)"]],
    ["a union of three", union(integer({ minimum: 0 }), string(), ref("Address")), ["one of: an integer (at least 0), a string, `Address`"]],
    ["a union with nothing to say", union(string(), any()), []],
    ["a format inside a union, by its description", union(string({ format: "flow-id" }), boolean()), ["either a string (format [`flow-id`](../reference/formats.md#flow-id): A flow id) or a boolean"]],
    ["a plain-value record, in place", ref("VaultConnectionId"), ["at most 30 characters"]],
    ["an object record, by its own docs", ref("Address"), []],
  ];
  it.each(table)("%s", (_given, node, want) => {
    expect(phrases(node, ctx)).toEqual(want);
  });
});

describe("describeConstraints", () => {
  it("makes sentences of the phrases, or nothing", () => {
    expect(describeConstraints(integer({ minimum: 0, maximum: 9 }), ctx)).toBe("An integer. From 0 to 9.");
    expect(describeConstraints(string(), ctx)).toBeUndefined();
  });
});
