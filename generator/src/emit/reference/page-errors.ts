/**
 * `errors.md`: the error table, grouped by operation (each row anchored by its id), and the
 * rate-limit headers.
 */
import type { SpecIR } from "../../ir/model.js";
import { operationHref, PAGES, RATE_LIMITS_ANCHOR, recordHref } from "./links.js";
import { anchor, blocks, cell, code, link, table } from "./markdown.js";
import type { Page } from "./page.js";

const FROM = PAGES.errors;

function errorTables(ir: SpecIR): string[] {
  const operations = [...new Set(ir.errors.map((e) => e.operation))];
  return operations.map((id) => {
    const op = ir.operations.find((o) => o.id === id);
    const title = op ? `${op.method} ${op.path}` : id;
    const errors = ir.errors.filter((e) => e.operation === id);
    const rows = errors.map((e) => [code(String(e.status)), { raw: `${anchor(e.id)}${cell(code(e.id))}` }, e.condition, `“${e.message}”`]);
    const withHeaders = errors
      .filter((e) => e.headers.length > 0)
      .map((e) => `A ${code(e.id)} response carries the headers ${e.headers.map(code).join(", ")} (see ${link("rate limits", `#${RATE_LIMITS_ANCHOR}`)}).`);
    const intro = `Errors of ${link(op ? op.summary : id, operationHref(FROM, id))}:`;
    return blocks(`## ${code(title)}`, intro, table(["Status", "Error", "Condition", "Message"], rows), ...withHeaders);
  });
}

function rateLimits(ir: SpecIR): string {
  const rows = ir.rateLimits.headers.map((h) => [code(h.name), h.minimum === undefined ? h.type : `${h.type} ≥ ${h.minimum}`, h.meaning]);
  return blocks(
    "## Rate limits",
    `The service signals rate limiting with status ${code(String(ir.rateLimits.status))} and these headers. The spec gives no numeric limits.`,
    table(["Header", "Type", "Meaning"], rows),
  );
}

export function errorsPage(ir: SpecIR): Page {
  // The body's shape is a record when the spec states one (flowspec's decision: ErrorResponseContent).
  const bodyRecord = ir.records.find((r) => r.name === "ErrorResponseContent");
  const shape = bodyRecord
    ? `Every error body is an ${link(code(bodyRecord.name), recordHref(FROM, bodyRecord.name))}; its \`errorCode\` is the row's code: the id below, without a \`__<operation>\` suffix.`
    : "The shape of an error body is not part of the spec.";
  const intro = `The error responses the spec lists, with the message the service gives. ${shape}`;
  const body = blocks("# Errors and rate limits", intro, ...errorTables(ir), rateLimits(ir));
  return { path: FROM, sources: [ir.sources.errors!, ir.sources.rateLimits!], body };
}
