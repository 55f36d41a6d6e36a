/**
 * `records.md`: every named record, headed by its name (anchor: the name in lower case), with its
 * fields, where it is used and its examples.
 */
import type { NamedRecord, SpecIR } from "../../ir/model.js";
import { exampleBlock, recordExamples } from "./examples.js";
import { schemaBody } from "./fields.js";
import { disagreementHref, href, operationHref, recordAnchor } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { blocks, bulletList, code, link, prose, table } from "../markdown.js";
import type { Page } from "./page.js";
import { schemaContext, type SchemaContext } from "./schema-text.js";
import { recordUsages, usedBy } from "./usages.js";

const FROM = PAGES.records;

/** Operations that send or return the record. */
function operationUses(ir: SpecIR, name: string): string[] {
  return ir.operations.flatMap((op) => {
    const roles = [op.body === name && "request body", op.query === name && "query", op.success.body === name && "response body"].filter(Boolean);
    return roles.map((role) => `${link(op.summary, operationHref(FROM, op.id))} (${role})`);
  });
}

function facts(ir: SpecIR, record: NamedRecord): string {
  const items = [`TypeScript: ${code(record.name)}; JSON Schema: ${code(`${record.name}.schema.json`)}`];
  if (record.lifecycle) items.push(`Lifecycle: ${record.lifecycle}`);
  const operations = operationUses(ir, record.name);
  if (operations.length > 0) items.push(`Sent or returned by: ${operations.join(", ")}`);
  const fields = usedBy(recordUsages(ir, record.name, FROM));
  if (fields) items.push(fields);
  const notes = ir.disagreements.filter((d) => d.affects.some((a) => a === record.name || a.startsWith(`${record.name}.`)));
  for (const d of notes) items.push(`Sources disagree: ${link(d.id, disagreementHref(FROM, d.id))}, ${prose(d.area.charAt(0).toLowerCase() + d.area.slice(1))}`);
  return bulletList(items);
}

function examples(ir: SpecIR, record: NamedRecord): string | undefined {
  const list = recordExamples(record);
  if (list.length === 0) return undefined;
  return blocks(list.length === 1 ? "### Example" : "### Examples", ...list.map((e) => exampleBlock(record.name, e)));
}

function recordSection(ir: SpecIR, record: NamedRecord, ctx: SchemaContext): string {
  return blocks(
    `## ${code(record.name)}`,
    record.description ? prose(record.description) : undefined,
    facts(ir, record),
    "### Fields",
    schemaBody(record.schema, ctx, 4),
    examples(ir, record),
  );
}

export function recordsPage(ir: SpecIR): Page {
  const ctx = schemaContext(ir, FROM);
  const rows = ir.records.map((r) => [link(r.name, `#${recordAnchor(r.name)}`), r.description ?? ""]);
  const intro =
    "The named records of the spec: request and response bodies, query strings, and the shared pieces they are built from. Each is exported under the same name by `@flowspec/types` and has a JSON Schema file of that name in `@flowspec/schema`. The actions inside a flow have " +
    link("pages of their own", href(FROM, PAGES.flowActions)) +
    ".";
  const body = blocks("# Records", intro, table(["Record", "Description"], rows), ...ir.records.map((r) => recordSection(ir, r, ctx)));
  return { path: FROM, sources: [...new Set(ir.records.map((r) => r.source))].sort(), body };
}
