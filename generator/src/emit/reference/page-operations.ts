/**
 * `operations.md`: one section per operation, anchored by its id (`operations.md#post_flows`).
 */
import type { NamedRecord, Operation, SpecIR } from "../../ir/model.js";
import { exampleBlock, recordExamples } from "./examples.js";
import { fieldRows, fieldsTable, schemaBody } from "./fields.js";
import { errorHref, href, RATE_LIMITS_ANCHOR, recordHref } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { anchor, blocks, bulletList, code, link, prose, table, textBlock } from "../markdown.js";
import type { Page } from "./page.js";
import { schemaContext, type SchemaContext } from "./schema-text.js";
import { interfaceOf, operationUrl } from "./urls.js";

const FROM = PAGES.operations;

function facts(ir: SpecIR, op: Operation): string {
  const iface = interfaceOf(ir, op.interface);
  const success = [code(String(op.success.status))];
  if (op.success.contentType) success.push(code(op.success.contentType));
  if (op.success.body) success.push(`body ${link(op.success.body, recordHref(FROM, op.success.body))}`);
  const items = [
    `Operation id: ${code(op.id)}`,
    `Interface: ${link(iface.title, href(FROM, PAGES.index, "interfaces"))} ${iface.version}`,
    `Lifecycle: ${link(op.lifecycle, href(FROM, PAGES.index, "versioning-and-lifecycle"))}`,
    `Required scope: ${op.scope ? code(op.scope) : "none stated"}`,
  ];
  if (op.requestContentTypes.length > 0) items.push(`Request content types: ${op.requestContentTypes.map(code).join(", ")}`);
  items.push(`Success: ${success.join(", ")}${op.success.description ? `. ${prose(op.success.description)}` : ""}`);
  return bulletList(items);
}

function headersSection(op: Operation): string | undefined {
  if (op.headers.length === 0) return undefined;
  const rows = op.headers.map((h) => [code(h.name), code(h.value), h.required ? "yes" : "no"]);
  return blocks("### Request headers", table(["Header", "Value", "Required"], rows));
}

function pathParamsSection(op: Operation, ctx: SchemaContext): string | undefined {
  if (op.pathParams.length === 0) return undefined;
  return blocks("### Path parameters", fieldsTable(fieldRows(op.pathParams), ctx));
}

/** The records a union of records stands for (each shown in full), or the record itself. */
function shapesOf(record: NamedRecord, ctx: SchemaContext): NamedRecord[] {
  const schema = record.schema;
  if (schema.kind !== "union") return [record];
  const members = schema.members.map((m) => (m.kind === "ref" ? ctx.records.get(m.target) : undefined));
  return members.every((m) => m !== undefined) ? (members as NamedRecord[]) : [record];
}

function requestSection(ir: SpecIR, op: Operation, ctx: SchemaContext): string | undefined {
  const name = op.body ?? op.query;
  if (name === undefined) return undefined;
  const record = ctx.records.get(name)!;
  const title = op.body ? "### Request body" : "### Query parameters";
  const intro = `${link(name, recordHref(FROM, name))}: ${prose(record.description ?? "")}`;
  const shapes = shapesOf(record, ctx);
  if (shapes.length === 1) return blocks(title, intro, schemaBody(record.schema, ctx, 4), exampleOf(ir, record));
  const parts = shapes.map((s) =>
    blocks(`#### ${s.name}`, prose(s.description ?? ""), schemaBody(s.schema, ctx, 5), exampleOf(ir, s)),
  );
  return blocks(title, intro, ...parts);
}

function exampleOf(ir: SpecIR, record: NamedRecord): string | undefined {
  const first = recordExamples(record)[0];
  return first === undefined ? undefined : blocks("Example:", exampleBlock(record.name, first));
}

function errorsSection(ir: SpecIR, op: Operation): string {
  const rows = op.errors.map((id) => ir.errors.find((e) => e.id === id)!).map((e) => [code(String(e.status)), link(e.id, errorHref(FROM, e.id)), e.condition]);
  const body = rows.length > 0 ? table(["Status", "Error", "Condition"], rows) : "The spec lists no error responses for this operation.";
  return blocks("### Errors", body);
}

function rateLimitSection(ir: SpecIR, op: Operation): string {
  const limited = op.errors.some((id) => ir.errors.find((e) => e.id === id)?.status === ir.rateLimits.status);
  const see = link("rate limits", href(FROM, PAGES.errors, RATE_LIMITS_ANCHOR));
  if (!limited) return blocks("### Rate limits", `The spec states no rate-limit response for this operation; see ${see} for how the service signals one.`);
  const rows = ir.rateLimits.headers.map((h) => [code(h.name), h.meaning]);
  return blocks("### Rate limits", `A ${code(String(ir.rateLimits.status))} response carries these headers (${see}):`, table(["Header", "Meaning"], rows));
}

function operationSection(ir: SpecIR, op: Operation, ctx: SchemaContext): string {
  return blocks(
    anchor(op.id),
    `## ${op.summary}`,
    textBlock(`${op.method} ${operationUrl(ir, op)}`),
    op.description ? prose(op.description) : undefined,
    facts(ir, op),
    headersSection(op),
    pathParamsSection(op, ctx),
    requestSection(ir, op, ctx),
    errorsSection(ir, op),
    rateLimitSection(ir, op),
  );
}

function summaryTable(ir: SpecIR): string {
  const rows = ir.operations.map((op) => [link(op.summary, `#${op.id}`), code(`${op.method} ${op.path}`), interfaceOf(ir, op.interface).title]);
  return table(["Operation", "Method and path", "Interface"], rows);
}

export function operationsPage(ir: SpecIR): Page {
  const ctx = schemaContext(ir, FROM);
  const intro = `Every operation of the spec, with its full URL: a ${code("{…}")} part is filled in by the caller (see ${link("servers", href(FROM, PAGES.index, "servers"))}). Request fields are also described with their ${link("records", href(FROM, PAGES.records))}.`;
  const body = blocks("# Operations", intro, summaryTable(ir), ...ir.operations.map((op) => operationSection(ir, op, ctx)));
  const records = ir.records.filter((r) => ir.operations.some((op) => op.body === r.name || op.query === r.name)).map((r) => r.source);
  return { path: FROM, sources: [...new Set([ir.sources.operations!, ir.sources.errors!, ir.sources.rateLimits!, ...records])].sort(), body };
}
