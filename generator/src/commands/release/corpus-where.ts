/**
 * Where a payload's issue sits, in the words the spec diff uses for places (`record X.field`,
 * `TYPE:ACTION params.field`, `FlowAction.alias`, `[]` for list items, `.*` for map values), so the
 * corpus gate can name the change that flips a payload. The walk follows the payload's own values
 * through the schema: a flow action's `type` and `action` pick its variant, a union's discriminator
 * (or the first member that declares the next key) picks its member.
 */
import type { NamedRecord, ObjectNode, Property, SchemaNode, SpecIR, UnionNode, Variant } from "../../ir/model.js";
import { recordsByName, variantsByKey } from "../../ir/lookups.js";
import { unreachable } from "../../base/internal-error.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { isJsonObject } from "../../base/json-object.js";

/** The place of the issue, and the format of the value there when it has one. */
export interface IssuePlace {
  readonly where: string;
  readonly format?: string;
}

interface Walk {
  readonly records: ReadonlyMap<string, NamedRecord>;
  readonly variants: ReadonlyMap<string, Variant>;
  readonly common: readonly Property[];
}

type Json = Record<string, unknown>;


function child(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value[Number(key)];
  return isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

function unionMember(node: UnionNode, value: unknown, next: string | undefined): SchemaNode | undefined {
  const objects = node.members.filter((m): m is ObjectNode => m.kind === "object");
  const tag = node.discriminator !== undefined && isJsonObject(value) ? value[node.discriminator] : undefined;
  const byTag = objects.find((m) => m.properties.some((p) => p.name === node.discriminator && p.schema.kind === "string" && p.schema.const === tag));
  return byTag ?? objects.find((m) => next !== undefined && m.properties.some((p) => p.name === next)) ?? node.members[0];
}

function walkAction(ctx: Walk, value: unknown, rest: readonly string[]): IssuePlace {
  const key = isJsonObject(value) && typeof value.type === "string" && typeof value.action === "string" ? `${value.type}:${value.action}` : undefined;
  if (key === undefined) return { where: FLOW_ACTION };
  const [next, ...tail] = rest;
  const variant = ctx.variants.get(key);
  if (next === "params" && variant) return walk(ctx, variant.params, `${key} params`, child(value, "params"), tail);
  const common = ctx.common.find((p) => p.name === next);
  return common ? walk(ctx, common.schema, `${FLOW_ACTION}.${common.name}`, child(value, common.name), tail) : { where: key };
}

function walk(ctx: Walk, node: SchemaNode, where: string, value: unknown, rest: readonly string[]): IssuePlace {
  if (node.kind === "ref") {
    if (node.target === FLOW_ACTION) return walkAction(ctx, value, rest);
    const target = ctx.records.get(node.target)?.schema;
    return target ? walk(ctx, target, `record ${node.target}`, value, rest) : { where };
  }
  if (node.kind === "union") {
    const member = unionMember(node, value, rest[0]);
    return member ? walk(ctx, member, where, value, rest) : { where };
  }
  const [next, ...tail] = rest;
  if (next === undefined) return node.kind === "string" && node.format !== undefined ? { where, format: node.format } : { where };
  switch (node.kind) {
    case "array":
      return walk(ctx, node.items, `${where}[]`, child(value, next), tail);
    case "object": {
      const property = node.properties.find((p) => p.name === next);
      if (property) return walk(ctx, property.schema, `${where}.${next}`, child(value, next), tail);
      if (typeof node.additional === "object") return walk(ctx, node.additional, `${where}.*`, child(value, next), tail);
      return { where: `${where}.${next}` };
    }
    case "string":
    case "integer":
    case "number":
    case "boolean":
    case "null":
    case "any":
      return { where };
    default:
      return unreachable(node, "schema node");
  }
}

/** Finds the place of an issue at `pointer` (split into segments) in `value`, a payload of `record`. */
export function issuePlaces(ir: SpecIR): (record: string, value: unknown, pointer: readonly string[]) => IssuePlace {
  const ctx: Walk = {
    records: recordsByName(ir),
    variants: variantsByKey(ir),
    common: ir.flowActions.common,
  };
  return (record, value, pointer) => {
    const schema = ctx.records.get(record)?.schema;
    return schema ? walk(ctx, schema, `record ${record}`, value, pointer) : { where: `record ${record}` };
  };
}
