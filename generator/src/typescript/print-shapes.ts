/**
 * One named shape → its declaration: an interface for an object with properties, a type alias
 * for everything else (unions, maps, the empty closed object, named plain values).
 */
import type { ObjectNode, SchemaNode } from "../ir/model.js";
import { extraPropertiesDoc, originSee, propertyDoc, shapeDoc, type DocContext } from "./docs.js";
import { INDEX_SIGNATURE, printAlias, printInterface, type Member } from "./print-declarations.js";
import type { Shape, ShapeNames } from "../ir/shape-names.js";
import { structuralExpression, typeExpression, type NameOf, type TypeExpr } from "./type-expression.js";

const PRIMITIVE_OF_KIND: Partial<Record<SchemaNode["kind"], string>> = {
  string: "string",
  integer: "number",
  number: "number",
  boolean: "boolean",
};

/**
 * A map's index signature must admit every declared property too (TypeScript checks that), so
 * it widens to a union when a property's type is not already one of the value's. Without
 * `exactOptionalPropertyTypes` an optional property also holds `undefined`, so the signature
 * admits it too, or the declaration would not compile for such consumers.
 */
function mapValueType(node: ObjectNode, value: SchemaNode, nameOf: NameOf): TypeExpr {
  const base = typeExpression(value, nameOf);
  if (base.text === "unknown") return base;
  const admitted = new Set(base.members ?? [base.text]);
  const extra = node.properties
    .filter((p) => !admitted.has(PRIMITIVE_OF_KIND[p.schema.kind] ?? "") && !admitted.has(typeExpression(p.schema, nameOf).text))
    .map((p) => typeExpression(p.schema, nameOf).text);
  if (node.properties.some((p) => !p.required)) extra.push("undefined");
  if (extra.length === 0) return base;
  const members = [...new Set([...admitted, ...extra])];
  return { text: members.join(" | "), members };
}

function objectMembers(ctx: DocContext, names: ShapeNames, node: ObjectNode, see: string): Member[] {
  // A loop, not a `map` callback: on a wide spec V8 optimises this, and the callback with all it
  // inlines (the property's doc, its constraints, its type) was compiled twice, ~10 ms each time.
  const members: Member[] = [];
  for (let i = 0; i < node.properties.length; i++) {
    const p = node.properties[i]!;
    members.push({ doc: propertyDoc(ctx, p, see), key: p.name, optional: !p.required, type: typeExpression(p.schema, names.nameOf) });
  }
  if (node.additional !== false) {
    const type = node.additional === true ? { text: "unknown" } : mapValueType(node, node.additional, names.nameOf);
    members.push({ doc: extraPropertiesDoc(ctx, node.additional, node.properties.some((p) => !p.required), see), key: INDEX_SIGNATURE, type });
  }
  return members;
}

export function printShape(ctx: DocContext, names: ShapeNames, shape: Shape): string {
  const doc = shapeDoc(ctx, shape);
  const { node } = shape;
  if (node.kind === "object" && node.properties.length > 0) {
    return printInterface(shape.name, doc, objectMembers(ctx, names, node, originSee(ctx, shape.origin)));
  }
  return printAlias(shape.name, doc, structuralExpression(node, names.nameOf));
}
