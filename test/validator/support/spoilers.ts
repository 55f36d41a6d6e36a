/**
 * Spoilers: a valid value broken in exactly one way, with the issue that must be reported first
 * (its code and JSON Pointer), derived from the IR so that every field of every variant is covered:
 * each required property removed, each bound crossed by one, each enumeration and format broken,
 * the wrong JSON type, an extra property where the object is closed.
 */
import type { ObjectNode, SchemaNode, SpecIR, StringNode, NumericNode } from "../../../generator/src/ir/model.js";
import { acceptedTypes, jsonType, recordSchema, validValue, type Json } from "./values.js";

export interface Spoiler {
  readonly name: string;
  /** JSON Pointer of the expected issue, relative to the spoiled value. */
  readonly path: string;
  readonly code: string;
  readonly value: Json;
}

type JsonObject = { [key: string]: Json };

const EXTRA_PROPERTY = "zz_extra";

function escape(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function spoiler(name: string, path: string, code: string, value: Json): Spoiler {
  return { name: `${path || "/"}: ${name}`, path, code, value };
}

/** A string of `length` code points. */
function text(length: number, unit = "a"): string {
  return unit.repeat(Math.max(length, 0));
}

/** `wanted`, cut or padded to fit the node's length bounds, so only the intended rule breaks. */
function fitLength(wanted: string, node: StringNode): string {
  const cut = node.maxLength !== undefined ? wanted.slice(0, node.maxLength) : wanted;
  return cut.padEnd(node.minLength ?? 0, "z");
}

function stringSpoilers(node: StringNode, path: string): Spoiler[] {
  const out = [spoiler("a number where a string belongs", path, "invalid_type", 12345)];
  if (node.maxLength !== undefined) out.push(spoiler(`maxLength ${node.maxLength} + 1`, path, "too_long", text(node.maxLength + 1)));
  if (node.minLength !== undefined && node.minLength > 0) out.push(spoiler(`minLength ${node.minLength} - 1`, path, "too_short", text(node.minLength - 1)));
  if (node.const !== undefined) out.push(spoiler("another constant", path, "not_allowed", fitLength("zz_other", node)));
  if (node.enum !== undefined) out.push(spoiler("a value outside the enumeration", path, "not_allowed", fitLength("zz_not_allowed", node)));
  if (node.format !== undefined) out.push(spoiler(`not a ${node.format}`, path, "invalid_format", fitLength("#", node)));
  return out;
}

function numberSpoilers(node: NumericNode, path: string): Spoiler[] {
  const out = [spoiler("a string where a number belongs", path, "invalid_type", "12")];
  if (node.kind === "integer") out.push(spoiler("a fraction where an integer belongs", path, "invalid_type", 1.5));
  if (node.minimum !== undefined) out.push(spoiler(`minimum ${node.minimum} - 1`, path, "out_of_range", node.minimum - 1));
  if (node.maximum !== undefined) out.push(spoiler(`maximum ${node.maximum} + 1`, path, "out_of_range", node.maximum + 1));
  if (node.enum !== undefined) out.push(spoiler("a value outside the enumeration", path, "not_allowed", Math.max(...node.enum) + 1));
  if (node.const !== undefined) out.push(spoiler("another constant", path, "not_allowed", node.const + 1));
  return out;
}

function withProperty(object: JsonObject, key: string, value: Json): JsonObject {
  const copy: JsonObject = { ...object };
  copy[key] = value;
  return copy;
}

function without(object: JsonObject, key: string): JsonObject {
  const copy: JsonObject = { ...object };
  delete copy[key];
  return copy;
}

function mapSpoilers(ir: SpecIR, node: ObjectNode, object: JsonObject, path: string): Spoiler[] {
  if (typeof node.additional !== "object") return [];
  const key = "zz_key";
  const entry = spoilersOf(ir, node.additional, validValue(ir, node.additional), `${path}/${key}`);
  const out: Spoiler[] = entry.map((s) => ({ ...s, value: withProperty(object, key, s.value) }));
  if (node.maxProperties !== undefined) {
    const full: JsonObject = { ...object };
    for (let i = 0; Object.keys(full).length <= node.maxProperties; i++) full[`key_${i}`] = validValue(ir, node.additional);
    out.push(spoiler(`maxProperties ${node.maxProperties} + 1`, path, "too_long", full));
  }
  return out;
}

function objectSpoilers(ir: SpecIR, node: ObjectNode, valid: Json, path: string): Spoiler[] {
  const object = (valid !== null && typeof valid === "object" && !Array.isArray(valid) ? valid : validValue(ir, node)) as JsonObject;
  const out = [spoiler("a string where an object belongs", path, "invalid_type", "not an object")];
  for (const p of node.properties) {
    const at = `${path}/${escape(p.name)}`;
    if (p.required) out.push(spoiler(`${p.name} removed`, at, "required", without(object, p.name)));
    const current = Object.prototype.hasOwnProperty.call(object, p.name) ? object[p.name]! : validValue(ir, p.schema);
    for (const s of spoilersOf(ir, p.schema, current, at)) out.push({ ...s, value: withProperty(object, p.name, s.value) });
  }
  if (node.additional === false) out.push(spoiler("an extra property", `${path}/${EXTRA_PROPERTY}`, "unknown_property", withProperty(object, EXTRA_PROPERTY, 1)));
  out.push(...mapSpoilers(ir, node, object, path));
  return out;
}

function arraySpoilers(ir: SpecIR, node: Extract<SchemaNode, { kind: "array" }>, valid: Json, path: string): Spoiler[] {
  const list = Array.isArray(valid) ? valid : [];
  const out = [spoiler("an object where a list belongs", path, "invalid_type", { not: "a list" })];
  const first = list.length > 0 ? list[0]! : validValue(ir, node.items);
  for (const s of spoilersOf(ir, node.items, first, `${path}/0`)) out.push({ ...s, value: [s.value, ...list.slice(1)] });
  if (node.maxItems !== undefined) out.push(spoiler(`maxItems ${node.maxItems} + 1`, path, "too_long", Array.from({ length: node.maxItems + 1 }, () => first)));
  if (node.minItems !== undefined && node.minItems > 0) out.push(spoiler(`minItems ${node.minItems} - 1`, path, "too_short", list.slice(0, node.minItems - 1)));
  return out;
}

/** A value of a JSON type no member accepts. */
const TYPE_PROBES: Json[] = [true, { probe: 1 }, ["probe"], "probe", 1.5, 7, null];

/**
 * A member's spoiler keeps its expected issue only when no other member accepts a value of that JSON
 * type: then the union's one issue is the member's (the value was clearly meant for it).
 */
function unionSpoilers(ir: SpecIR, node: Extract<SchemaNode, { kind: "union" }>, valid: Json, path: string): Spoiler[] {
  const accepted = acceptedTypes(ir, node);
  const probe = TYPE_PROBES.find((v) => !accepted.has(jsonType(v)));
  const out = probe === undefined ? [] : [spoiler("a value of a type no alternative accepts", path, "invalid_type", probe)];
  node.members.forEach((member, i) => {
    const others = node.members.filter((_, j) => j !== i);
    const fits = acceptedTypes(ir, member).has(jsonType(valid));
    for (const s of spoilersOf(ir, member, fits ? valid : validValue(ir, member), path)) {
      if (!others.some((o) => acceptedTypes(ir, o).has(jsonType(s.value)))) out.push(s);
    }
  });
  return out;
}

export function spoilersOf(ir: SpecIR, node: SchemaNode, valid: Json, path: string): Spoiler[] {
  switch (node.kind) {
    case "string":
      return stringSpoilers(node, path);
    case "integer":
    case "number":
      return numberSpoilers(node, path);
    case "boolean":
      return [spoiler("a string where a boolean belongs", path, "invalid_type", "true")];
    case "null":
    case "any":
      return [];
    case "object":
      return objectSpoilers(ir, node, valid, path);
    case "array":
      return arraySpoilers(ir, node, valid, path);
    case "union":
      return unionSpoilers(ir, node, valid, path);
    case "ref":
      // Nested flow actions have their own tests; records are checked where they are used.
      return node.target === "FlowAction" ? [] : spoilersOf(ir, recordSchema(ir, node.target), valid, path);
    default: {
      const never: never = node;
      throw new Error(`unhandled node ${JSON.stringify(never)}`);
    }
  }
}
