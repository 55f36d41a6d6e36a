/**
 * `flow-actions.md`: what every action has, and the type × action matrix. With 25 types and over 50
 * distinct actions a grid would be mostly empty and far too wide, so the matrix is written as two
 * narrow tables: the actions of each type, and the types of each action name.
 */
import { byCodeUnit } from "../../base/order.js";
import type { SpecIR, Variant } from "../../ir/model.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { fieldsTable, type FieldRow } from "./fields.js";
import { COMMON_FIELDS_ANCHOR, PAGES, typePage } from "../../ir/reference-pages.js";
import { href, variantHref } from "./links.js";
import { anchor, blocks, code, link, table } from "../markdown.js";
import type { Page } from "./page.js";
import { schemaContext, type SchemaContext } from "./schema-text.js";
import { recordUsages } from "./usages.js";

const FROM = PAGES.flowActions;

function allVariants(ir: SpecIR): Variant[] {
  return ir.flowActions.types.flatMap((t) => t.variants);
}

function commonFields(ir: SpecIR, ctx: SchemaContext): string {
  // `type` and `action` are fixed strings per variant, not common fields of the spec; they get a
  // row of their own so the table shows the whole shape of an action.
  const loc = { file: ir.flowActions.source, line: 1, col: 1 };
  const fixed = (name: string, description: string): FieldRow => ({
    path: name,
    required: true,
    schema: { kind: "string", loc, description },
  });
  const rows: FieldRow[] = [
    fixed("type", "The action type, such as `STRIPE`: one of the types below."),
    fixed("action", "The action within its type, such as `ADD_TAX_ID`."),
    ...ir.flowActions.common.map((p) => ({ path: p.name, required: p.required, schema: p.schema })),
  ];
  const optional = allVariants(ir).filter((v) => !v.paramsRequired).map((v) => link(v.key, variantHref(FROM, v)));
  const params = `${code("params")}, an object whose fields depend on the pair (${code("type")}, ${code("action")}), is required` +
    (optional.length > 0 ? ` except in ${optional.join(", ")}.` : ".");
  return blocks(anchor(COMMON_FIELDS_ANCHOR), "## Fields of every action", fieldsTable(rows, ctx), params, "No other property is allowed.");
}

function byType(ir: SpecIR): string {
  const rows = ir.flowActions.types.map((t) => [
    `${link(t.title, href(FROM, typePage(t.type)))} ${code(t.type)}`,
    t.kind,
    t.variants.map((v) => link(v.action, variantHref(FROM, v))).join(", "),
  ]);
  return blocks("## Actions by type", table(["Type", "Kind", "Actions"], rows));
}

function byAction(ir: SpecIR): string {
  const variantsOf = new Map<string, Variant[]>();
  for (const v of allVariants(ir)) {
    const same = variantsOf.get(v.action);
    if (same) same.push(v);
    else variantsOf.set(v.action, [v]);
  }
  const names = [...variantsOf.keys()].sort(byCodeUnit);
  const rows = names.map((name) => [code(name), variantsOf.get(name)!.map((v) => link(v.type, variantHref(FROM, v))).join(", ")]);
  const shared = names.filter((n) => variantsOf.get(n)!.length > 1);
  const note = `Neither ${code("type")} nor ${code("action")} alone names a variant; only the pair does. ${shared.length} action names occur under more than one type: ${shared.map(code).join(", ")}.`;
  return blocks("## Types by action name", note, table(["Action", "Types"], rows));
}

export function flowActionsPage(ir: SpecIR): Page {
  const ctx = schemaContext(ir, FROM);
  const variants = allVariants(ir);
  const intro = `A flow runs a list of actions. Each action is one of ${variants.length} variants, chosen by its ${code("type")} (${ir.flowActions.types.length} types) and its ${code("action")}; each variant has its own ${code("params")}. In TypeScript the union of all variants is ${code(FLOW_ACTION)}.`;
  const body = blocks(
    "# Flow actions",
    intro,
    `Where actions appear: ${recordUsages(ir, FLOW_ACTION, FROM).map((u) => link(code(u.label), u.href)).join(", ")}.`,
    commonFields(ir, ctx),
    byType(ir),
    byAction(ir),
  );
  return { path: FROM, sources: [ir.flowActions.source, ...ir.flowActions.types.map((t) => t.source)].sort(), body };
}
