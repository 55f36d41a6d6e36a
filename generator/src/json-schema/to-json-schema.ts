/**
 * IR schema nodes → JSON Schema (draft 2020-12) objects, with keys in one fixed order.
 */
import type { SchemaNode } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import { unreachable } from "../base/internal-error.js";

export const SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";
const SCHEMA_BASE = "https://flowspec.dev/schema/";

export function schemaFileName(record: string): string {
  return `${record}.schema.json`;
}

export function schemaId(record: string): string {
  return SCHEMA_BASE + schemaFileName(record);
}

export interface RefStyle {
  /** How to write a `$ref` to a record from the document being built. */
  readonly record: (name: string) => string;
  /**
   * Whether unions carry OpenAPI's `discriminator`: only the OpenAPI document writes it. JSON
   * Schema does not define the keyword, and Ajv's default strict mode refuses a schema that has it.
   */
  readonly discriminators?: boolean;
}

/** Refs between files are relative file names, which resolve by `$id` and by file path alike. */
export const FILE_REFS: RefStyle = { record: (name) => schemaFileName(name) };

/** The refs of FlowAction's document, which also refers to its own definitions (each type's union, each variant, its params). */
export interface FlowActionRefStyle extends RefStyle {
  readonly definition: (name: string) => string;
}

/** Inside FlowAction.schema.json, `#` is the union itself, and its definitions are under `$defs`. */
export const FLOW_ACTION_DOC_REFS: FlowActionRefStyle = {
  record: (name) => (name === FLOW_ACTION ? "#" : schemaFileName(name)),
  definition: (name) => `#/$defs/${name}`,
};

type Json = Record<string, unknown>;

function put(target: Json, key: string, value: unknown): void {
  if (value !== undefined) target[key] = value;
}

export function toJsonSchema(node: SchemaNode, refs: RefStyle): Json {
  const out: Json = {};
  put(out, "title", node.title);
  put(out, "description", node.description);
  switch (node.kind) {
    case "ref":
      out.$ref = refs.record(node.target);
      return out;
    case "any":
      return out;
    case "union":
      // A discriminated union is one of objects; saying so up front lets strict tools (Ajv's
      // \`discriminator\` option in strict mode) read the \`discriminator\` without a warning.
      if (node.discriminator && refs.discriminators) out.type = "object";
      out[node.mode] = node.members.map((m) => toJsonSchema(m, refs));
      if (node.discriminator && refs.discriminators) out.discriminator = { propertyName: node.discriminator };
      return out;
    case "string":
      out.type = "string";
      put(out, "const", node.const);
      put(out, "enum", node.enum);
      put(out, "minLength", node.minLength);
      put(out, "maxLength", node.maxLength);
      put(out, "format", node.format);
      put(out, "pattern", node.pattern);
      return out;
    case "integer":
    case "number":
      out.type = node.kind;
      put(out, "const", node.const);
      put(out, "enum", node.enum);
      put(out, "minimum", node.minimum);
      put(out, "maximum", node.maximum);
      return out;
    case "boolean":
      out.type = "boolean";
      put(out, "const", node.const);
      return out;
    case "null":
      out.type = "null";
      return out;
    case "array":
      out.type = "array";
      out.items = toJsonSchema(node.items, refs);
      put(out, "minItems", node.minItems);
      put(out, "maxItems", node.maxItems);
      return out;
    case "object": {
      out.type = "object";
      if (node.properties.length > 0) {
        out.properties = Object.fromEntries(node.properties.map((p) => [p.name, toJsonSchema(p.schema, refs)]));
        const required = node.properties.filter((p) => p.required).map((p) => p.name);
        if (required.length > 0) out.required = required;
      }
      out.additionalProperties = typeof node.additional === "boolean" ? node.additional : toJsonSchema(node.additional, refs);
      put(out, "minProperties", node.minProperties);
      put(out, "maxProperties", node.maxProperties);
      if (node.dependentRequired !== undefined) out.dependentRequired = node.dependentRequired;
      return out;
    }
    default:
      return unreachable(node, "schema node");
  }
}
