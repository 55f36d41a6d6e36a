/**
 * Valid values made from the IR, for properties a spec example leaves out: the smallest value each
 * schema accepts (required properties only, lower bounds, a format's own example), as
 * @flowspec/fixtures makes its minimal values (generator/runtime/fixtures/values.ts).
 */
import { shapeOfNode, shapeTable } from "../../../generator/src/emit/fixtures/shape-table.js";
import type { SchemaNode, SpecIR } from "../../../generator/src/ir/model.js";
import { minimalValue } from "../../../generator/runtime/fixtures/values.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A nested action that is valid anywhere one is expected. */
export const NESTED_ACTION: Json = { id: "nested_step", type: "FLOW", action: "DO_NOTHING" };

export function recordSchema(ir: SpecIR, name: string): SchemaNode {
  const record = ir.records.find((r) => r.name === name);
  if (!record) throw new Error(`unknown record ${name}`);
  return record.schema;
}

export function validValue(ir: SpecIR, node: SchemaNode): Json {
  return minimalValue(shapeTable(ir), shapeOfNode(ir, node));
}
