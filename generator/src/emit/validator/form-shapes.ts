/**
 * The shapes decodeFormBody follows (see generator/runtime/validator/form-shape.ts for their
 * meaning): where the schema wants a list, an object, a number or a boolean. Built for the record of
 * the one operation that accepts application/x-www-form-urlencoded, and for every flow action.
 */
import type { SchemaNode, SpecIR } from "../../ir/model.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";

export const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded";

type FormShape = string | { o: Record<string, FormShape>; x?: FormShape } | { a: FormShape } | { u: FormShape[] };

export interface FormShapesData {
  /** The record a form body decodes to. */
  readonly record: string;
  readonly root: FormShape;
  readonly actions: Record<string, FormShape>;
}

function objectShape(ir: SpecIR, properties: readonly { name: string; schema: SchemaNode }[], additional: boolean | SchemaNode): FormShape {
  const o: Record<string, FormShape> = {};
  for (const p of properties) {
    if (p.name === "__proto__") throw new Error("flowspec: a property may not be called __proto__");
    o[p.name] = shapeOf(ir, p.schema);
  }
  if (additional === false) return { o };
  return { o, x: additional === true ? "f" : shapeOf(ir, additional) };
}

function shapeOf(ir: SpecIR, node: SchemaNode): FormShape {
  switch (node.kind) {
    case "string":
    case "null":
      return "s";
    case "integer":
      return "i";
    case "number":
      return "n";
    case "boolean":
      return "b";
    case "any":
      return "f";
    case "object":
      return objectShape(ir, node.properties, node.additional);
    case "array":
      return { a: shapeOf(ir, node.items) };
    case "union":
      return { u: node.members.map((m) => shapeOf(ir, m)) };
    case "ref": {
      if (node.target === FLOW_ACTION) return "A";
      const record = ir.records.find((r) => r.name === node.target);
      if (!record) throw new Error(`flowspec: unknown record ${node.target}`);
      return shapeOf(ir, record.schema);
    }
    default: {
      const never: never = node;
      throw new Error(`unhandled schema node ${JSON.stringify(never)}`);
    }
  }
}

function formRecord(ir: SpecIR): string {
  const bodies = [...new Set(ir.operations.filter((o) => o.requestContentTypes.includes(FORM_CONTENT_TYPE) && o.body).map((o) => o.body!))];
  if (bodies.length !== 1) throw new Error(`flowspec: decodeFormBody needs exactly one form-encoded body, found ${bodies.length}`);
  return bodies[0]!;
}

export function formShapes(ir: SpecIR): FormShapesData {
  const record = formRecord(ir);
  const actions: Record<string, FormShape> = {};
  for (const t of ir.flowActions.types) {
    for (const v of t.variants) {
      const common = objectShape(ir, ir.flowActions.common, false) as { o: Record<string, FormShape> };
      actions[v.key] = { o: { type: "s", action: "s", ...common.o, params: shapeOf(ir, v.params) } };
    }
  }
  const schema = ir.records.find((r) => r.name === record)?.schema;
  if (!schema) throw new Error(`flowspec: unknown record ${record}`);
  return { record, root: shapeOf(ir, schema), actions };
}
