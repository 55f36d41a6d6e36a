/** ArkType, built from the IR as a scope (FlowAction is recursive); ArkType picks its own discriminant. */
import { scope, type } from "arktype";
import type { ObjectNode, SchemaNode } from "../../generator/src/ir/model.js";
import { FLOW_ACTION } from "../../generator/src/spec-language/schema-node.js";
import { RECORD, type IrPeers, type Peer } from "./ir-peers.js";

type Definition = unknown;

/** The part of an ArkType type this file uses. */
interface ArkType {
  (input: unknown): unknown;
  array(): ArkType;
  or(other: ArkType): ArkType;
}

function arkOf(p: IrPeers, node: SchemaNode): Definition {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return type.unit(node.const);
      if (node.enum !== undefined) return type.enumerated(...node.enum);
      let s = type.string;
      if (node.minLength !== undefined) s = s.atLeastLength(node.minLength);
      if (node.maxLength !== undefined) s = s.atMostLength(node.maxLength);
      if (node.pattern !== undefined) s = s.and(type(new RegExp(node.pattern, "u"))) as typeof s;
      if (node.format !== undefined) {
        const pattern = p.patterns.get(node.format);
        const check = p.formats.get(node.format)!;
        s = (pattern !== undefined ? s.and(type(pattern)) : s.narrow((x) => check(x))) as typeof s;
      }
      return s;
    }
    case "integer":
    case "number": {
      let n = node.kind === "integer" ? type("number.integer") : type.number;
      if (node.minimum !== undefined) n = n.atLeast(node.minimum);
      if (node.maximum !== undefined) n = n.atMost(node.maximum);
      return n;
    }
    case "boolean":
      return node.const !== undefined ? type.unit(node.const) : type.boolean;
    case "null":
      return type.null;
    case "any":
      return type.unknown;
    case "array":
      return node.items.kind === "ref" && node.items.target === FLOW_ACTION ? "FlowAction[]" : (arkOf(p, node.items) as ArkType).array();
    case "union":
      return node.members.map((m) => arkOf(p, m) as ArkType).reduce((a, b) => a.or(b));
    case "ref":
      return node.target === FLOW_ACTION ? "FlowAction" : arkOf(p, p.record(node.target));
    case "object":
      return arkObject(p, node);
    default:
      throw new Error("unhandled node");
  }
}

function arkObject(p: IrPeers, node: ObjectNode): Definition {
  const def: Record<string, Definition> = {};
  for (const x of node.properties) def[x.required ? x.name : `${x.name}?`] = arkOf(p, x.schema);
  if (node.additional === false) def["+"] = "reject";
  else if (node.additional !== true) def["[string]"] = arkOf(p, node.additional);
  // A definition that names FlowAction stays a plain object for the scope to resolve.
  return JSON.stringify(Object.values(def)).includes("FlowAction") ? def : type(def as never);
}

export function arkTypePeer(p: IrPeers): Peer {
  const aliases: Record<string, Definition> = {};
  for (const x of p.variants) {
    const def: Record<string, Definition> = { "+": "reject", type: type.unit(x.type), action: type.unit(x.action) };
    for (const c of p.ir.flowActions.common) def[c.required ? c.name : `${c.name}?`] = arkOf(p, c.schema);
    def[x.paramsRequired ? "params" : "params?"] = arkOf(p, x.params);
    aliases[x.name] = def;
  }
  aliases.FlowAction = p.variants.map((x) => x.name).join(" | ");
  aliases[RECORD] = arkOf(p, p.record(RECORD));
  const types = scope(aliases as never).export() as unknown as Record<string, ArkType>;
  const schema = types[RECORD]!;
  const report = (input: unknown) => {
    const out = schema(input);
    return out instanceof type.errors ? [...out].map((e: { message: string }) => e.message).length : 0;
  };
  // The call users make: the type itself, which answers the data or its errors (not `allows()`).
  return { name: "ArkType", check: (input) => !(schema(input) instanceof type.errors), report, reportAll: report };
}
