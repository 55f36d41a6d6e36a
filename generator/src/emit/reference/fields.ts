/**
 * Fields tables: an object's properties flattened into rows, nested objects as dotted paths
 * (`from.email`) and array items with `[]` (`attachments[].color`), so one table shows a whole
 * params object. References to records stay links; the records page has their fields.
 */
import type { ObjectNode, Property, SchemaNode } from "../../ir/model.js";
import { recordHref } from "./links.js";
import { blocks, code, link, table } from "../markdown.js";
import { constraintsOf, descriptionOf, formatsOf, typeText, type SchemaContext } from "./schema-text.js";

export interface FieldRow {
  readonly path: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
}

/** The object whose properties a row's children are: the node itself, or an array's items. */
function nestedObject(node: SchemaNode): { object: ObjectNode; step: string } | undefined {
  if (node.kind === "object" && node.properties.length > 0) return { object: node, step: "." };
  if (node.kind === "array") {
    const inner = nestedObject(node.items);
    return inner && { object: inner.object, step: `[]${inner.step}` };
  }
  return undefined;
}

export function fieldRows(properties: readonly Property[], prefix = ""): FieldRow[] {
  return properties.flatMap((p) => {
    const path = prefix + p.name;
    const row: FieldRow = { path, required: p.required, schema: p.schema };
    const nested = nestedObject(p.schema);
    return nested ? [row, ...fieldRows(nested.object.properties, path + nested.step)] : [row];
  });
}

const FIELD_HEADERS = ["Field", "Type", "Required", "Constraints", "Format", "Description"] as const;

/** Only rows under an object or array have paths with `.` or `[]`. */
function isNested(row: FieldRow): boolean {
  return /[.[]/.test(row.path);
}

export function fieldsTable(rows: readonly FieldRow[], ctx: SchemaContext): string {
  const nestedRequired = rows.some((r) => isNested(r) && r.required);
  const note = nestedRequired ? "A nested field marked required is required whenever the object that holds it is present." : undefined;
  return blocks(rowsTable(rows, ctx), note);
}

function rowsTable(rows: readonly FieldRow[], ctx: SchemaContext): string {
  // A loop, not a `map` callback: V8 optimises this on a wide spec (a table per variant), and the
  // callback, with the row's words inlined, took TurboFan ~7 ms to compile.
  const cells: string[][] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    cells.push([
      code(r.path),
      typeText(r.schema, ctx),
      r.required ? "yes" : "no",
      constraintsOf(r.schema, ctx).join("; "),
      formatsOf(r.schema, ctx).join(" or "),
      descriptionOf(r.schema, ctx),
    ]);
  }
  return table(FIELD_HEADERS, cells, true);
}

function openNote(node: ObjectNode, ctx: SchemaContext): string | undefined {
  if (node.additional === true) return "Other properties are accepted as well: this object is open.";
  if (typeof node.additional === "object") {
    const rules = constraintsOf(node.additional, ctx);
    const value = `${typeText(node.additional, ctx)}${rules.length > 0 ? ` (${rules.join("; ")})` : ""}`;
    return `Other properties are accepted as well, each with a ${value} value.`;
  }
  return undefined;
}

function objectBody(node: ObjectNode, ctx: SchemaContext): string {
  if (node.properties.length === 0) {
    return node.additional === false ? "No fields: the object must be empty (`{}`)." : (openNote(node, ctx) ?? "");
  }
  return blocks(fieldsTable(fieldRows(node.properties), ctx), openNote(node, ctx));
}

/** What a single value is (a scalar record such as `VaultConnectionId`, or a map). */
function valueBody(node: SchemaNode, ctx: SchemaContext): string {
  const facts = [`Type: ${typeText(node, ctx)}`];
  const constraints = constraintsOf(node, ctx);
  if (constraints.length > 0) facts.push(`Constraints: ${constraints.join("; ")}`);
  const formats = formatsOf(node, ctx);
  if (formats.length > 0) facts.push(`Format: ${formats.join(" or ")}`);
  return facts.map((f) => `- ${f}`).join("\n");
}

/**
 * The body of an object-like schema: a fields table, one table per shape of a union, or a link
 * list when the union's members are records. `level` is the heading level for shapes.
 */
export function schemaBody(node: SchemaNode, ctx: SchemaContext, level: number): string {
  if (node.kind === "object" && !(node.properties.length === 0 && typeof node.additional === "object")) return objectBody(node, ctx);
  if (node.kind === "union") return unionBody(node.members, node.discriminator, ctx, level);
  if (node.kind === "ref" && ctx.records.get(node.target)?.schema.kind === "object") {
    return `See ${link(node.target, recordHref(ctx.from, node.target))}.`;
  }
  return valueBody(node, ctx);
}

function unionBody(members: readonly SchemaNode[], discriminator: string | undefined, ctx: SchemaContext, level: number): string {
  const by = discriminator === undefined ? "" : `, told apart by ${code(discriminator)}`;
  if (members.every((m) => m.kind === "ref")) {
    const items = members.map((m) => `- ${typeText(m, ctx)}: ${descriptionOf(m, ctx)}`);
    return blocks(`Exactly one of these${by}:`, items.join("\n"));
  }
  const shapes = members.map((m, i) =>
    blocks(`${"#".repeat(level)} Shape ${i + 1}`, m.description ?? "", schemaBody(m, ctx, level + 1)),
  );
  return blocks(`Exactly one of these ${members.length} shapes${by}:`, ...shapes);
}
