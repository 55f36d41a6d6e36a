/**
 * Schema nodes in the reference's words, as given/want tables: a node's type, its constraints and
 * its formats, each as the fields table shows them (links relative to records.md).
 */
import { describe, expect, it } from "vitest";
import type { SchemaNode } from "../../generator/src/ir/model.js";
import { constraintsOf, formatsOf, typeText, type SchemaContext } from "../../generator/src/emit/reference/schema-text.js";
import { any, array, boolean, integer, number, object, record, ref, string, union } from "../support/schema-nodes.js";

const records = [record("VaultConnectionId", string({ maxLength: 30, format: "flows-vault-connections-id" })), record("Address", object({ line: string() }))];
const ctx: SchemaContext = { from: "records.md", records: new Map(records.map((r) => [r.name, r])) };

describe("typeText", () => {
  const table: [given: string, node: SchemaNode, want: string][] = [
    ["a string", string(), "string"],
    ["any JSON value", any(), "any JSON value"],
    ["an object", object({ a: string() }), "object"],
    ["a map", object({}, integer()), "map of integer"],
    ["a map of a union", object({}, union(string(), integer())), "map of (string or integer)"],
    ["an array of anything", array(any()), "array"],
    ["an array of strings", array(string()), "array of string"],
    ["a union, repeated kinds once", union(string(), string({ maxLength: 3 }), integer()), "string or integer"],
    ["a union of three", union(string(), integer(), boolean()), "string, integer or boolean"],
    ["a record", ref("Address"), "[Address](#address)"],
    ["a plain-string record", ref("VaultConnectionId"), "string ([VaultConnectionId](#vaultconnectionid))"],
    ["the FlowAction union", ref("FlowAction"), "[FlowAction](flow-actions.md)"],
  ];
  it.each(table)("%s", (_given, node, want) => {
    expect(typeText(node, ctx)).toBe(want);
  });
});

describe("constraintsOf", () => {
  const table: [given: string, node: SchemaNode, want: string[]][] = [
    ["nothing to say", string(), []],
    ["a length range", string({ minLength: 1, maxLength: 150 }), ["1–150 characters"]],
    ["an exact length", string({ minLength: 2, maxLength: 2 }), ["exactly 2 characters"]],
    ["only a maximum", string({ maxLength: 30 }), ["at most 30 characters"]],
    ["a minimum of one", string({ minLength: 1 }), ["not empty"]],
    ["a larger minimum", string({ minLength: 3 }), ["at least 3 characters"]],
    ["a constant", string({ const: "code" }), ["always `code`"]],
    ["the empty string", string({ const: "" }), ["always the empty string"]],
    ["an enum and a pattern", string({ enum: ["A", "B"], pattern: "^[AB]$" }), ["one of `A`, `B`", "matches `^[AB]$`"]],
    ["a number range", number({ minimum: 0, maximum: 1 }), ["0–1"]],
    ["a number at most", integer({ maximum: 9 }), ["≤ 9"]],
    ["a number at least", integer({ minimum: 1 }), ["≥ 1"]],
    ["a boolean constant", boolean({ const: true }), ["always `true`"]],
    ["an item count", array(string(), { maxItems: 5 }), ["at most 5 items"]],
    ["an open object", object({ a: string() }, true), ["other keys allowed"]],
    ["a free object", object({}, true), ["any keys"]],
    ["a map with limits on its values and keys", object({}, string({ maxLength: 4 }), { maxProperties: 50 }), ["at most 50 keys", "each value at most 4 characters"]],
    ["a union whose members say different things", union(integer({ minimum: 0 }), string({ maxLength: 9 })), ["integer: ≥ 0", "string: at most 9 characters"]],
    ["a union of one kind", union(string({ maxLength: 9 }), string({ const: "x" })), ["at most 9 characters", "always `x`"]],
    ["a plain-string record's own constraints", ref("VaultConnectionId"), ["at most 30 characters"]],
    ["an object record says nothing here", ref("Address"), []],
  ];
  it.each(table)("%s", (_given, node, want) => {
    expect(constraintsOf(node, ctx)).toEqual(want);
  });
});

describe("formatsOf", () => {
  const table: [given: string, node: SchemaNode, want: string[]][] = [
    ["no format", string(), []],
    ["a string's format", string({ format: "flow-id" }), ["[flow-id](formats.md#flow-id)"]],
    ["through an array and a union, once each", array(union(string({ format: "email" }), string({ format: "email" }))), ["[email](formats.md#email)"]],
    ["through a plain-string record", ref("VaultConnectionId"), ["[flows-vault-connections-id](formats.md#flows-vault-connections-id)"]],
  ];
  it.each(table)("%s", (_given, node, want) => {
    expect(formatsOf(node, ctx)).toEqual(want);
  });
});
