/**
 * The key order of an example, fixed by its schema rather than by the YAML: keys the schema
 * declares come in the order of its `properties` (the one order the spec gives meaning to), other
 * keys after them in code-unit order. So reordering an example's keys in the spec changes nothing,
 * and every example reads in the same order as its fields table. `build-ir.ts` applies it once, so
 * every emitter shows examples in the same order.
 */
import { byCodeUnit } from "../base/order.js";
import { recordsByName, variantsByKey } from "./lookups.js";
import type { NamedRecord, ObjectNode, SchemaNode, SpecIR, Variant } from "./model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import { unreachable } from "../base/internal-error.js";

type Json = unknown;
type JsonObject = Record<string, Json>;

function isObject(value: Json): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

class ExampleOrder {
  private readonly records: ReadonlyMap<string, NamedRecord>;
  private readonly variants: ReadonlyMap<string, Variant>;

  constructor(private readonly ir: SpecIR) {
    this.records = recordsByName(ir);
    this.variants = variantsByKey(ir);
  }

  /** `value` with every object's keys in schema order. */
  order(value: Json, schema: SchemaNode): Json {
    if (Array.isArray(value)) {
      const items = this.itemsOf(schema);
      return value.map((item) => (items ? this.order(item, items) : isObject(item) ? sortKeys(item) : item));
    }
    if (!isObject(value)) return value;
    switch (schema.kind) {
      case "object":
        return this.orderObject(value, schema);
      case "union":
        return this.order(value, this.memberFor(value, schema.members) ?? schema);
      case "ref":
        if (schema.target === FLOW_ACTION) return this.orderAction(value);
        return this.order(value, this.records.get(schema.target)?.schema ?? schema);
      case "string":
      case "integer":
      case "number":
      case "boolean":
      case "null":
      case "any":
      case "array":
        return sortKeys(value);
      default:
        return unreachable(schema, "schema node");
    }
  }

  /** A whole flow action: common fields, `type` and `action` as the flow-actions page lists them, then params. */
  orderAction(action: JsonObject): JsonObject {
    const variant = this.variants.get(`${String(action.type)}:${String(action.action)}`);
    const common = this.ir.flowActions.common;
    const keys = [...common.filter((p) => p.required).map((p) => p.name), "type", "action", ...common.filter((p) => !p.required).map((p) => p.name), "params"];
    const ordered = pick(action, keys);
    if (variant && isObject(ordered.params)) ordered.params = this.order(ordered.params, variant.params);
    return { ...ordered, ...sortKeys(omit(action, keys)) };
  }

  /** Declared keys in schema order, then the others in code-unit order: one pass each, no intermediate objects. */
  private orderObject(value: JsonObject, schema: ObjectNode): JsonObject {
    const out: JsonObject = {};
    for (const p of schema.properties) if (Object.hasOwn(value, p.name)) out[p.name] = this.order(value[p.name], p.schema);
    const additional = schema.additional;
    for (const key of undeclaredKeys(value, schema)) out[key] = typeof additional === "object" ? this.order(value[key], additional) : sortedValue(value[key]);
    return out;
  }

  /** The item schema when `schema` is, or may be, an array. */
  private itemsOf(schema: SchemaNode): SchemaNode | undefined {
    if (schema.kind === "array") return schema.items;
    if (schema.kind === "ref") {
      const record = this.records.get(schema.target);
      return record ? this.itemsOf(record.schema) : undefined;
    }
    if (schema.kind === "union") return schema.members.map((m) => this.itemsOf(m)).find((items) => items !== undefined);
    return undefined;
  }

  /** The union member an object example is an instance of: the first object whose required keys it has. */
  private memberFor(value: JsonObject, members: readonly SchemaNode[]): SchemaNode | undefined {
    const objectOf = (m: SchemaNode): ObjectNode | undefined => {
      const resolved = m.kind === "ref" ? this.records.get(m.target)?.schema : m;
      return resolved?.kind === "object" ? resolved : undefined;
    };
    return members.find((m) => {
      const object = objectOf(m);
      return object !== undefined && object.properties.every((p) => !p.required || p.name in value);
    });
  }
}

function pick(value: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (Object.hasOwn(value, key)) out[key] = value[key];
  return out;
}

function omit(value: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(value)) if (!keys.includes(key)) out[key] = value[key];
  return out;
}

/** The keys of `value` that `schema` does not declare, in code-unit order. */
function undeclaredKeys(value: JsonObject, schema: ObjectNode): string[] {
  const keys = Object.keys(value);
  if (schema.properties.length === 0) return keys.sort(byCodeUnit);
  const declared = new Set(schema.properties.map((p) => p.name));
  return keys.filter((key) => !declared.has(key)).sort(byCodeUnit);
}

/** Keys the schema does not name: code-unit order, all the way down. */
function sortKeys(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort(byCodeUnit)) out[key] = sortedValue(value[key]);
  return out;
}

/** A value under a key no schema names: its objects' keys sorted, and those of a list's objects. */
function sortedValue(value: Json): Json {
  if (isObject(value)) return sortKeys(value);
  return Array.isArray(value) ? value.map((item) => (isObject(item) ? sortKeys(item) : item)) : value;
}

/** The IR with every variant example and record example in schema order. */
export function withOrderedExamples(ir: SpecIR): SpecIR {
  const order = new ExampleOrder(ir);
  return {
    ...ir,
    records: ir.records.map((r) => (r.examples ? { ...r, examples: r.examples.map((e) => order.order(e, r.schema)) } : r)),
    flowActions: {
      ...ir.flowActions,
      types: ir.flowActions.types.map((t) => ({
        ...t,
        variants: t.variants.map((v) => (v.example ? { ...v, example: order.order(v.example, v.params) as JsonObject } : v)),
      })),
    },
  };
}

/**
 * A whole action around a variant's example params, as it stands in a flow's `actions`: the one
 * shape every emitter shows (`id`, `type`, `action`, `params`).
 */
export function variantActionExample(variant: Variant): JsonObject | undefined {
  if (variant.example === undefined && variant.paramsRequired) return undefined;
  const action: JsonObject = { id: `${variant.type}_${variant.action}`.toLowerCase(), type: variant.type, action: variant.action };
  if (variant.example !== undefined) action.params = variant.example;
  return action;
}
