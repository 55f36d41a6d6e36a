/**
 * Hand-made IR schema nodes for given/want tables: each builder takes only what a row needs.
 */
import type { BooleanNode, NamedRecord, NumericNode, Property, SchemaNode, StringNode } from "../../generator/src/ir/model.js";

const loc = { file: "spec/example.yaml", line: 1, col: 1 };

type Constraints<N> = Partial<Omit<N, "kind" | "loc">>;

export const string = (more: Constraints<StringNode> = {}): SchemaNode => ({ loc, kind: "string", ...more });
export const integer = (more: Constraints<NumericNode> = {}): SchemaNode => ({ loc, kind: "integer", ...more });
export const number = (more: Constraints<NumericNode> = {}): SchemaNode => ({ loc, kind: "number", ...more });
export const boolean = (more: Constraints<BooleanNode> = {}): SchemaNode => ({ loc, kind: "boolean", ...more });
export const any = (): SchemaNode => ({ loc, kind: "any" });
export const ref = (target: string): SchemaNode => ({ loc, kind: "ref", target });
export const array = (items: SchemaNode, more: { minItems?: number; maxItems?: number } = {}): SchemaNode => ({ loc, kind: "array", items, ...more });
export const union = (...members: SchemaNode[]): SchemaNode => ({ loc, kind: "union", mode: "oneOf", members });

export function object(properties: Record<string, SchemaNode>, additional: boolean | SchemaNode = false, more: { minProperties?: number; maxProperties?: number } = {}): SchemaNode {
  const list: Property[] = Object.entries(properties).map(([name, schema]) => ({ name, required: false, schema }));
  return { loc, kind: "object", properties: list, additional, ...more };
}

export function record(name: string, schema: SchemaNode, description?: string): NamedRecord {
  return { name, schema, source: "spec/records/example.yaml", loc, ...(description === undefined ? {} : { description }) };
}
