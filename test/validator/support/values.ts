/**
 * Valid values made from the IR, for properties a spec example leaves out: the smallest value each
 * schema accepts (required properties only, lower bounds, a format's own example).
 */
import type { SchemaNode, SpecIR } from "../../../generator/src/ir/model.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A nested action that is valid anywhere one is expected. */
export const NESTED_ACTION: Json = { id: "nested_step", type: "FLOW", action: "DO_NOTHING" };

export function formatExample(ir: SpecIR, name: string): string {
  const format = ir.formats.find((f) => f.name === name);
  const example = format?.examples[0];
  if (example === undefined) throw new Error(`format ${name} has no example`);
  return example;
}

function stringValue(ir: SpecIR, node: Extract<SchemaNode, { kind: "string" }>): string {
  if (node.const !== undefined) return node.const;
  if (node.enum !== undefined) return node.enum[0]!;
  if (node.format !== undefined) return formatExample(ir, node.format);
  return "a".repeat(Math.max(node.minLength ?? 1, 1));
}

function numberValue(node: Extract<SchemaNode, { kind: "integer" | "number" }>): number {
  if (node.const !== undefined) return node.const;
  if (node.enum !== undefined) return node.enum[0]!;
  return node.minimum ?? Math.min(0, node.maximum ?? 0);
}

export function recordSchema(ir: SpecIR, name: string): SchemaNode {
  const record = ir.records.find((r) => r.name === name);
  if (!record) throw new Error(`unknown record ${name}`);
  return record.schema;
}

export function validValue(ir: SpecIR, node: SchemaNode): Json {
  switch (node.kind) {
    case "string":
      return stringValue(ir, node);
    case "integer":
    case "number":
      return numberValue(node);
    case "boolean":
      return node.const ?? true;
    case "null":
      return null;
    case "any":
      return "anything";
    case "array":
      return Array.from({ length: node.minItems ?? 0 }, () => validValue(ir, node.items));
    case "object":
      return Object.fromEntries(node.properties.filter((p) => p.required).map((p) => [p.name, validValue(ir, p.schema)]));
    case "union":
      return validValue(ir, node.members[0]!);
    case "ref":
      return node.target === "FlowAction" ? NESTED_ACTION : validValue(ir, recordSchema(ir, node.target));
    default: {
      const never: never = node;
      throw new Error(`unhandled node ${JSON.stringify(never)}`);
    }
  }
}

/** The JSON types a schema accepts at its own level. */
export function acceptedTypes(ir: SpecIR, node: SchemaNode): Set<string> {
  switch (node.kind) {
    case "string":
    case "boolean":
    case "null":
    case "object":
    case "array":
      return new Set([node.kind]);
    case "integer":
      return new Set(["integer"]);
    case "number":
      return new Set(["integer", "number"]);
    case "any":
      return new Set(["string", "boolean", "null", "object", "array", "integer", "number"]);
    case "union":
      return new Set(node.members.flatMap((m) => [...acceptedTypes(ir, m)]));
    case "ref":
      return node.target === "FlowAction" ? new Set(["object"]) : acceptedTypes(ir, recordSchema(ir, node.target));
    default: {
      const never: never = node;
      throw new Error(`unhandled node ${JSON.stringify(never)}`);
    }
  }
}

export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
