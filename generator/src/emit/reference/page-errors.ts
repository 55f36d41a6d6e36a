/**
 * `errors.md`: the error table, one row per code (anchored by the code, so a link to
 * `errors.md#invalid_grant` names the one error every operation means by it) with the operations
 * that answer with it, and the rate-limit headers.
 */
import type { SpecIR } from "../../ir/model.js";
import { operationHref, RATE_LIMITS_ANCHOR, recordHref } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { anchor, blocks, cell, code, link, table } from "../markdown.js";
import type { Page } from "./page.js";

const FROM = PAGES.errors;

function errorTable(ir: SpecIR): string[] {
  const rows = ir.errors.map((e) => {
    const operations = e.operations.map((id) => link(code(id), operationHref(FROM, id))).join(", ");
    return [code(String(e.status)), { raw: `${anchor(e.id)}${cell(code(e.id))}` }, e.condition, `“${e.message}”`, { raw: cell(operations) }];
  });
  const withHeaders = ir.errors
    .filter((e) => e.headers.length > 0)
    .map((e) => `A ${code(e.id)} response carries the headers ${e.headers.map(code).join(", ")} (see ${link("rate limits", `#${RATE_LIMITS_ANCHOR}`)}).`);
  const fields = "A message's `{scope}` is the operation's scope and `{contentTypes}` the media types its body may have.";
  return [blocks("## Errors", fields, table(["Status", "Code", "Condition", "Message", "Operations"], rows), ...withHeaders)];
}

function rateLimits(ir: SpecIR): string {
  const rows = ir.rateLimits.headers.map((h) => [code(h.name), h.minimum === undefined ? h.type : `${h.type} ≥ ${h.minimum}`, h.meaning]);
  return blocks(
    "## Rate limits",
    `The service signals rate limiting with status ${code(String(ir.rateLimits.status))} and these headers. The spec gives no numeric limits, and the seed does not show the headers' formats: the formats below are flowspec's decision.`,
    table(["Header", "Type", "Meaning"], rows),
  );
}

export function errorsPage(ir: SpecIR): Page {
  const bodies = [...new Set(ir.interfaces.flatMap((i) => (i.errorBody === undefined ? [] : [`${link(code(i.errorBody), recordHref(FROM, i.errorBody))} (${i.title})`])))];
  const shape = bodies.length > 0 ? `An error body is the error record of the operation's interface: ${bodies.join(", ")}; it carries the row's code.` : "The shape of an error body is not part of the spec.";
  const intro = `The error responses the spec lists, one row per code on the wire, with the message the service gives. ${shape}`;
  const body = blocks("# Errors and rate limits", intro, ...errorTable(ir), rateLimits(ir));
  return { path: FROM, sources: [ir.sources.errors!, ir.sources.rateLimits!], body };
}
