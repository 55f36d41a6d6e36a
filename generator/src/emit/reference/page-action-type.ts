/**
 * `flow-actions/<type>.md`: one page per action type, one section per variant. Each section starts
 * with the explicit anchor `variantAnchor(type, action)` (`#stripe-add_tax_id`), which the types
 * package links to.
 */
import type { ActionType, Disagreement, SpecIR, Variant } from "../../ir/model.js";
import { exampleBlock, variantExample } from "./examples.js";
import { schemaBody } from "./fields.js";
import { COMMON_FIELDS_ANCHOR, PAGES, typePage } from "../../ir/reference-pages.js";
import { disagreementHref, href } from "./links.js";
import { anchor, blocks, bulletList, code, link, prose, table } from "../markdown.js";
import type { Page } from "./page.js";
import { schemaContext, type SchemaContext } from "./schema-text.js";

function facts(variant: Variant, from: string, notes: readonly Disagreement[]): string {
  const items = [
    `Key: ${code(variant.key)}`,
    `TypeScript: ${code(variant.name)}, params ${code(variant.paramsName)}`,
    variant.paramsRequired ? "`params`: required" : "`params`: optional; it may be left out",
  ];
  if (variant.lifecycle) items.push(`Lifecycle: ${variant.lifecycle}`);
  for (const d of notes) items.push(`Sources disagree: ${link(d.id, disagreementHref(from, d.id))}, ${prose(d.area.charAt(0).toLowerCase() + d.area.slice(1))}`);
  return bulletList(items);
}

function exampleSection(ir: SpecIR, variant: Variant): string {
  const example = variantExample(variant);
  const body = example === undefined ? "The spec gives no example for this action yet." : exampleBlock(variant.name, example);
  return blocks("### Example", body);
}

function variantSection(ir: SpecIR, variant: Variant, ctx: SchemaContext, notes: readonly Disagreement[]): string {
  return blocks(
    anchor(variant.anchor),
    `## ${variant.action}`,
    prose(variant.description),
    facts(variant, ctx.from, notes),
    "### Params",
    schemaBody(variant.params, ctx, 4),
    exampleSection(ir, variant),
  );
}

function intro(type: ActionType, from: string): string {
  const origin = type.placeholder ? ` The interface spec calls it ${code(type.placeholder)}.` : "";
  const common = link("common fields", href(from, PAGES.flowActions, COMMON_FIELDS_ANCHOR));
  return blocks(
    `Actions of type ${code(type.type)}: ${prose(type.kind)}.${origin}`,
    type.description ? prose(type.description) : undefined,
    `Each action below is an object with ${code("type")} ${code(type.type)}, its ${code("action")}, the ${common} (${code("id")} is required) and ${code("params")}. Back to ${link("all flow actions", href(from, PAGES.flowActions))}.`,
  );
}

export function actionTypePage(ir: SpecIR, type: ActionType): Page {
  const from = typePage(type.type);
  const ctx = schemaContext(ir, from);
  const rows = type.variants.map((v) => [link(v.action, `#${v.anchor}`), v.description]);
  const notesOf = (v: Variant) => ir.disagreements.filter((d) => d.affects.includes(v.key));
  const body = blocks(
    `# ${type.title}`,
    intro(type, from),
    table(["Action", "What it does"], rows),
    ...type.variants.map((v) => variantSection(ir, v, ctx, notesOf(v))),
  );
  const records = ir.records.filter((r) => r.source === type.source).map((r) => r.source);
  return { path: from, sources: [...new Set([type.source, ir.flowActions.source, ...records])].sort(), body };
}
