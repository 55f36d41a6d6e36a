/**
 * The value copies that the fixture sets (and the arbitraries) make, on the cases the spec's own
 * fixtures do not reach: a map at its `maxProperties` whose value already has a key the filling
 * uses, and a required property removed from an object with an own `__proto__` key (a value the
 * arbitraries can be handed; the spec itself refuses the key).
 */
import { describe, expect, it } from "vitest";
import { edgesOf } from "../../generator/runtime/fixtures/edges.js";
import { filledTo, type Json, type Shape, type ShapeTable } from "../../generator/runtime/fixtures/shapes.js";
import { spoilersOf } from "../../generator/runtime/fixtures/spoilers.js";

const table: ShapeTable = { records: {}, variants: {}, shared: {}, formats: {}, examples: {}, nestedAction: {} };
const text: Shape = { kind: "string" };
const map: Shape = { kind: "object", properties: [], additional: text, maxProperties: 3 };

describe("filledTo", () => {
  it("counts a key the value already has once, and overwrites it as the filling reaches it", () => {
    expect(filledTo({ key_1: "mine", other: "x" }, 3, () => "a")).toEqual({ key_1: "mine", other: "x", key_0: "a" });
    const past = filledTo({ key_1: "mine", other: "x" }, 4, () => "a");
    expect(Object.entries(past)).toEqual([["key_1", "a"], ["other", "x"], ["key_0", "a"], ["key_2", "a"]]);
    expect(filledTo({ a: "x" }, 1, () => "a")).toEqual({ a: "x" });
  });

  it("fills a map to its maxProperties for the edge and one past it for the spoiler", () => {
    const valid = { key_0: "given" };
    const edge = edgesOf(table, map, valid, "").find((e) => e.name === "/: maxProperties 3")!;
    expect(edge.value).toEqual({ key_0: "a", key_1: "a", key_2: "a" });
    const spoiler = spoilersOf(table, map, valid, "").find((s) => s.name === "/: maxProperties 3 + 1")!;
    expect(Object.keys(spoiler.value as object)).toEqual(["key_0", "key_1", "key_2", "key_3"]);
    expect(valid).toEqual({ key_0: "given" });
  });
});

describe("a required property removed", () => {
  it("leaves every other own key in order, __proto__ among them, and the valid value as it was", () => {
    const shape: Shape = { kind: "object", properties: [{ name: "id", required: true, shape: text }], additional: true };
    const valid = JSON.parse('{"first": 1, "__proto__": {"own": true}, "id": "x", "last": 2}') as { [key: string]: Json };
    const removed = spoilersOf(table, shape, valid, "").find((s) => s.name === "/id: id removed")!.value as object;
    expect(Object.keys(removed)).toEqual(["first", "__proto__", "last"]);
    expect(Object.getPrototypeOf(removed)).toBe(Object.prototype);
    expect(JSON.stringify(removed)).toBe('{"first":1,"__proto__":{"own":true},"last":2}');
    expect(Object.keys(valid)).toEqual(["first", "__proto__", "id", "last"]);
  });
});
