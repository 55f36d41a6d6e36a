/**
 * fast-check arbitraries made from the IR: valid values of any schema (flow actions nested a few
 * levels deep), and mutations of them that break them in one random place.
 */
import fc from "fast-check";
import type { SchemaNode, SpecIR, StringNode } from "../../../generator/src/ir/model.js";
import { actionNode } from "./actions.js";
import { allVariants } from "./spec.js";
import { NESTED_ACTION, recordSchema, type Json } from "./values.js";

/** Characters of one code point each, some of two UTF-16 units, some near the edges of formats. */
const UNIT = fc.constantFrom("a", "Z", "0", "_", "-", " ", "é", "😀", "{", "}", "@", ".", "\ud800", "~", "/");

function boundedString(min: number, max: number): fc.Arbitrary<string> {
  const near = max - min <= 20 ? fc.string({ unit: UNIT, minLength: min, maxLength: max }) : fc.string({ unit: UNIT, minLength: min, maxLength: min + 20 });
  const atMax = fc.constantFrom("a", "😀", "é").map((u) => u.repeat(max));
  return max === Infinity ? near : fc.oneof({ weight: 4, arbitrary: near }, { weight: 1, arbitrary: atMax });
}

function stringArb(ir: SpecIR, node: StringNode): fc.Arbitrary<string> {
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum !== undefined) return fc.constantFrom(...node.enum);
  if (node.format !== undefined) return fc.constantFrom(...ir.formats.find((f) => f.name === node.format)!.examples);
  return boundedString(node.minLength ?? 0, node.maxLength ?? Infinity);
}

const SAFE_KEY = fc.constantFrom("extra", "x", "key_1", "名前", "a/b", "t~1");

function objectArb(ir: SpecIR, node: Extract<SchemaNode, { kind: "object" }>, depth: number): fc.Arbitrary<Json> {
  const shape: Record<string, fc.Arbitrary<Json>> = {};
  for (const p of node.properties) shape[p.name] = valueArb(ir, p.schema, depth);
  const requiredKeys = node.properties.filter((p) => p.required).map((p) => p.name);
  const dependent = Object.entries(node.dependentRequired ?? {});
  // dependentRequired: a key that is present brings the keys it needs.
  const known: fc.Arbitrary<Record<string, Json>> = dependent.length === 0 ? fc.record(shape, { requiredKeys }) : fc.tuple(fc.record(shape, { requiredKeys }), fc.record(shape)).map(([value, full]) => {
    const out: Record<string, Json> = { ...(value as Record<string, Json>) };
    for (let changed = true; changed; ) {
      changed = false;
      for (const [key, names] of dependent) for (const name of names) if (key in out && !(name in out)) [out[name], changed] = [(full as Record<string, Json>)[name]!, true];
    }
    return out;
  });
  if (node.additional === false) return known as fc.Arbitrary<Json>;
  const extraValue = node.additional === true ? fc.jsonValue({ maxDepth: 1 }) : valueArb(ir, node.additional, depth);
  const max = node.maxProperties === undefined ? 3 : Math.max(0, node.maxProperties - node.properties.length);
  const extras = fc.dictionary(SAFE_KEY.filter((k) => !node.properties.some((p) => p.name === k)), extraValue as fc.Arbitrary<Json>, { maxKeys: Math.min(max, 3) });
  return fc.tuple(known, extras).map(([a, b]) => ({ ...b, ...a }) as Json);
}

/** Valid values of `node` (unions may still produce a value two alternatives accept). */
export function valueArb(ir: SpecIR, node: SchemaNode, depth: number): fc.Arbitrary<Json> {
  switch (node.kind) {
    case "string":
      return stringArb(ir, node);
    case "integer":
      return node.enum ? fc.constantFrom(...node.enum) : fc.integer({ min: node.minimum ?? -1000, max: node.maximum ?? 1000 });
    case "number":
      return fc.double({ min: node.minimum ?? -1e6, max: node.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return node.const !== undefined ? fc.constant(node.const) : fc.boolean();
    case "null":
      return fc.constant(null);
    case "any":
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
    case "object":
      return objectArb(ir, node, depth);
    case "array":
      return fc.array(valueArb(ir, node.items, depth), { minLength: node.minItems ?? 0, maxLength: Math.min(node.maxItems ?? 3, 3) });
    case "union":
      return fc.oneof(...node.members.map((m) => valueArb(ir, m, depth)));
    case "ref":
      if (node.target === "FlowAction") return depth > 0 ? actionArb(ir, depth - 1) : fc.constant(NESTED_ACTION);
      return valueArb(ir, recordSchema(ir, node.target), depth);
    default: {
      const never: never = node;
      throw new Error(`unhandled node ${JSON.stringify(never)}`);
    }
  }
}

export function actionArb(ir: SpecIR, depth: number): fc.Arbitrary<Json> {
  return fc.oneof(...allVariants(ir).map((v) => valueArb(ir, actionNode(ir, v), depth)));
}

/** Values that break things: wrong types, bounds, tags, hostile strings. */
export function hostileArb(ir: SpecIR): fc.Arbitrary<Json> {
  const tags = allVariants(ir).flatMap((v) => [v.type, v.action]);
  return fc.oneof(
    fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
    fc.constantFrom<Json>("", " ", "#", "😀".repeat(101), "a".repeat(251), "{{x}}", "ac_", "af_123", "2024-02-30", -1, 0, 1.5, 1e21, -0, true, null, [], {}),
    fc.constantFrom(...tags),
    fc.string({ unit: UNIT, maxLength: 40 }),
  );
}

type Path = (string | number)[];

function paths(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

type Mutation = "replace" | "delete" | "add";

function mutate(value: Json, path: Path, how: Mutation, replacement: Json): Json {
  if (path.length === 0) return how === "replace" ? replacement : value;
  const copy = structuredClone(value);
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[key]!;
  const last = path[path.length - 1]!;
  const container = parent as Record<string | number, Json>;
  if (how === "replace") container[last] = replacement;
  else if (how === "delete" && !Array.isArray(parent)) delete container[last];
  else if (how === "add" && !Array.isArray(parent)) container[`zz_${String(last)}`] = replacement;
  return copy;
}

/** A valid value from `base`, changed in one random place. */
export function mutationArb(ir: SpecIR, base: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.tuple(base, fc.nat(), fc.constantFrom<Mutation>("replace", "replace", "delete", "add"), hostileArb(ir)).map(([value, pick, how, replacement]) => {
    const all = paths(value);
    return mutate(value, all[pick % all.length]!, how, replacement);
  });
}
