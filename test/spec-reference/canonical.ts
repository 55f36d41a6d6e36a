/**
 * One canonical shape for a field, computed from the reference data's notation and from the IR
 * alike, so the two can be compared with a deep equality.
 */
import type { NamedRecord, SchemaNode } from "../../generator/src/ir/model.js";

export type Canon =
  | { t: "string" | "integer" | "number" | "boolean"; c: Record<string, unknown> }
  | { t: "any" | "null" }
  | { t: "ref"; ref: string }
  | { t: "union"; members: Canon[] }
  | { t: "array"; items: Canon; c: Record<string, unknown> }
  | { t: "object"; additional: boolean | Canon; fields: Record<string, { required: boolean; schema: Canon }>; c: Record<string, unknown> };

const CONSTRAINTS = ["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "maxProperties", "format", "enum"] as const;

function pick(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of CONSTRAINTS) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

// ---- the reference data's notation (shared/reference/flow-actions.json) ----

export interface RefField {
  name?: string;
  type: string;
  required?: boolean | string;
  nullable?: boolean;
  constraints?: Record<string, unknown>;
  shape?: {
    ref?: string;
    additionalProperties?: boolean | "schema";
    fields?: RefField[];
    values?: RefField;
    items?: RefField;
    members?: RefField[];
  } | null;
}

export function fromReference(f: RefField): Canon {
  const base = fromReferenceType(f);
  const nullable = f.nullable === true && f.type !== "any" && f.type !== "union" && f.type !== "null";
  return nullable ? { t: "union", members: [base, { t: "null" }] } : base;
}

function fromReferenceType(f: RefField): Canon {
  const c = pick(f.constraints ?? {});
  switch (f.type) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return { t: f.type, c };
    case "any":
      return { t: "any" };
    case "null":
      return { t: "null" };
    case "union":
      return { t: "union", members: f.shape!.members!.map(fromReference) };
    case "array":
      return { t: "array", items: fromReference(f.shape!.items!), c };
    case "object": {
      if (f.shape?.ref) return { t: "ref", ref: f.shape.ref };
      return referenceObject(f.shape ?? {}, c);
    }
    default:
      throw new Error(`unknown reference type ${f.type}`);
  }
}

export function referenceObject(shape: NonNullable<RefField["shape"]>, c: Record<string, unknown> = {}): Canon {
  const extra = shape.additionalProperties;
  return {
    t: "object",
    additional: extra === "schema" ? fromReference(shape.values!) : (extra ?? false),
    fields: Object.fromEntries((shape.fields ?? []).map((x) => [x.name!, { required: x.required === true, schema: fromReference(x) }])),
    c,
  };
}

// ---- the IR ----

export function fromIr(node: SchemaNode, records: readonly NamedRecord[]): Canon {
  switch (node.kind) {
    case "string":
      return { t: "string", c: pick(node as unknown as Record<string, unknown>) };
    case "integer":
    case "number":
    case "boolean":
      return { t: node.kind, c: pick(node as unknown as Record<string, unknown>) };
    case "any":
    case "null":
      return { t: node.kind };
    case "ref": {
      if (node.target === "FlowAction") return { t: "ref", ref: "FlowAction" };
      const record = records.find((r) => r.name === node.target);
      if (!record) throw new Error(`unresolved ${node.target}`);
      return fromIr(record.schema, records);
    }
    case "union":
      return { t: "union", members: node.members.map((m) => fromIr(m, records)) };
    case "array":
      return { t: "array", items: fromIr(node.items, records), c: pick(node as unknown as Record<string, unknown>) };
    case "object":
      return {
        t: "object",
        additional: typeof node.additional === "boolean" ? node.additional : fromIr(node.additional, records),
        fields: Object.fromEntries(node.properties.map((p) => [p.name, { required: p.required, schema: fromIr(p.schema, records) }])),
        c: pick(node as unknown as Record<string, unknown>),
      };
    default: {
      const never: never = node;
      throw new Error(`unhandled ${JSON.stringify(never)}`);
    }
  }
}
