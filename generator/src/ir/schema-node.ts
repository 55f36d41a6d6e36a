/**
 * A spec schema node (the JSON Schema subset of the YAML) → an IR `SchemaNode`.
 */
import type { Loc } from "../base/diagnostics.js";
import { locIn, type SpecFile } from "../load/load-spec.js";
import type { RawSchema } from "../spec-language/schema-node.js";
import { escapePointerToken } from "../load/yaml-positions.js";
import { defined } from "./defined.js";
import type { Property, SchemaNode } from "./model.js";
import { internalError } from "../base/internal-error.js";
import { byCodeUnit } from "../base/order.js";

export function toProperties(file: SpecFile, pointer: string, raw: RawSchema): Property[] {
  const required = new Set(raw.required ?? []);
  return Object.entries(raw.properties ?? {}).map(([name, schema]) => ({
    name,
    required: required.has(name),
    schema: toSchemaNode(file, `${pointer}/properties/${escapePointerToken(name)}`, schema),
  }));
}

/**
 * A node of one JSON type. Each literal names its position and text keys itself and `defined()`
 * drops what is unset: spreading a shared part into a literal that gains more keys is several times
 * slower, and this runs for every schema node of the spec.
 */
function single(file: SpecFile, pointer: string, loc: Loc, raw: RawSchema, type: string): SchemaNode {
  const { title, description } = raw;
  switch (type) {
    case "string":
      return defined({
        loc,
        title,
        description,
        kind: "string" as const,
        minLength: raw.minLength,
        maxLength: raw.maxLength,
        format: raw.format,
        pattern: raw.pattern,
        enum: raw.enum?.map(String),
        const: raw.const === undefined ? undefined : String(raw.const),
      });
    case "integer":
    case "number":
      return defined({
        loc,
        title,
        description,
        // A literal, not `type`: that string was cut from the YAML text, and V8 compares only
        // interned strings by identity, so every `switch (node.kind)` that met one was deoptimised
        // ("wrong instance type") and compiled again.
        kind: type === "integer" ? ("integer" as const) : ("number" as const),
        minimum: raw.minimum,
        maximum: raw.maximum,
        enum: raw.enum?.map(Number),
        const: raw.const === undefined ? undefined : Number(raw.const),
      });
    case "boolean":
      return defined({ loc, title, description, kind: "boolean" as const, const: typeof raw.const === "boolean" ? raw.const : undefined });
    case "null":
      return defined({ loc, title, description, kind: "null" as const });
    case "array":
      return defined({
        loc,
        title,
        description,
        kind: "array" as const,
        items: raw.items ? toSchemaNode(file, `${pointer}/items`, raw.items) : { loc, kind: "any" as const },
        minItems: raw.minItems,
        maxItems: raw.maxItems,
      });
    case "object": {
      const extra = raw.additionalProperties;
      return defined({
        loc,
        title,
        description,
        kind: "object" as const,
        properties: toProperties(file, pointer, raw),
        additional: typeof extra === "object" ? toSchemaNode(file, `${pointer}/additionalProperties`, extra) : extra ?? false,
        minProperties: raw.minProperties,
        maxProperties: raw.maxProperties,
        dependentRequired: raw.dependentRequired && Object.fromEntries(Object.entries(raw.dependentRequired).sort(([a], [b]) => byCodeUnit(a, b))),
      });
    }
    default:
      throw internalError(`unknown type ${type}`);
  }
}

export function toSchemaNode(file: SpecFile, pointer: string, raw: RawSchema): SchemaNode {
  const loc = locIn(file, pointer);
  const { title, description } = raw;
  if (raw.$ref !== undefined) return defined({ title, description, loc, kind: "ref" as const, target: raw.$ref });
  const members = raw.oneOf ?? raw.anyOf;
  if (members) {
    const keyword = raw.oneOf ? ("oneOf" as const) : ("anyOf" as const);
    return defined({
      title,
      description,
      loc,
      kind: "union" as const,
      mode: keyword,
      members: members.map((m, i) => toSchemaNode(file, `${pointer}/${keyword}/${i}`, m)),
      discriminator: raw.discriminator,
    });
  }
  if (raw.type === undefined) {
    // A const or enum alone implies its type; nothing at all means any JSON value.
    const sample = raw.const ?? raw.enum?.[0];
    if (sample === undefined) return defined({ title, description, loc, kind: "any" as const });
    return single(file, pointer, loc, raw, typeof sample === "number" ? "number" : typeof sample);
  }
  if (Array.isArray(raw.type)) {
    if (raw.type.length === 1) return single(file, pointer, loc, raw, raw.type[0]!);
    // `type: [string, "null"]`: a union whose members share the node's constraints.
    return defined({
      title,
      description,
      loc,
      kind: "union" as const,
      mode: "oneOf" as const,
      members: raw.type.map((t) => {
        const { title: _title, description: _description, ...constraints } = raw;
        return single(file, pointer, loc, constraints, t);
      }),
    });
  }
  return single(file, pointer, loc, raw, raw.type);
}
