/**
 * `authorization-server.md`: the interface that issues tokens, from the spec's data: its
 * operations with the content types they take (and how a form encodes a JSON field), the grants of
 * the token endpoint (each a record told apart by `grant_type`, with the rules that decide it),
 * client authentication, and its errors, each linked to its row of the one error table.
 */
import type { NamedRecord, Operation, SpecIR } from "../../ir/model.js";
import { errorHref, operationHref, recordHref } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { blocks, bulletList, code, link, prose, table } from "../markdown.js";
import type { Page } from "./page.js";

const FROM = PAGES.authorizationServer;
const CLIENT_FIELDS = ["client_id", "client_secret", "client_assertion", "client_assertion_type"];

/** The interface whose error body is OAuth 2.0's: the one the token endpoint belongs to. */
function authorizationServer(ir: SpecIR) {
  return ir.interfaces.find((i) => ir.operations.some((op) => op.interface === i.name && op.body !== undefined && ir.records.find((r) => r.name === op.body)?.schema.kind === "union"));
}

function tagOf(record: NamedRecord): string | undefined {
  if (record.schema.kind !== "object") return undefined;
  const tag = record.schema.properties.find((p) => p.name === "grant_type")?.schema;
  return tag?.kind === "string" ? tag.const : undefined;
}

function operationsSection(ir: SpecIR, operations: readonly Operation[]): string {
  const rows = operations.map((op) => {
    const encoding = Object.entries(op.formEncoding).map(([name, type]) => `${code(name)} as ${code(type)}`);
    const takes = op.body ?? op.query;
    return [link(op.summary, operationHref(FROM, op.id)), code(`${op.method} ${op.path}`), takes ? link(code(takes), recordHref(FROM, takes)) : "", op.requestContentTypes.map(code).join(", ") + (encoding.length > 0 ? `; in a form, ${encoding.join(", ")} (one field holding its JSON text)` : "")];
  });
  return blocks("## Operations", table(["Operation", "Request", "Record", "Content types"], rows, true));
}

function grantsSection(ir: SpecIR, token: Operation | undefined): string | undefined {
  const union = ir.records.find((r) => r.name === token?.body)?.schema;
  if (union?.kind !== "union") return undefined;
  const flows = ir.authRules.flatMap((r) => (r.kind === "token_flows" ? r.data.flows.map((f) => ({ rule: r, flow: f })) : []));
  const refused = ir.authRules.flatMap((r) => (r.kind === "grant_not_allowed" ? [r] : []));
  const rows = union.members.flatMap((m) => {
    const record = m.kind === "ref" ? ir.records.find((r) => r.name === m.target) : undefined;
    const tag = record && tagOf(record);
    if (!record || tag === undefined) return [];
    const uses = flows.filter((f) => f.flow.grant === tag).map((f) => `${f.flow.name} (${f.flow.login}, rule ${f.rule.seed})`);
    const schemes = ir.securitySchemes.filter((s) => s.flow === tag).map((s) => `${code(s.name)} (${s.interface})`);
    const refusals = refused.filter((r) => r.data.grant === tag).map((r) => `refused for ${r.interface ?? "every"} interface tokens (rule ${r.seed}${r.data.error ? `: ${link(code(r.data.error), errorHref(FROM, r.data.error))}` : ""})`);
    return [[code(tag), link(code(record.name), recordHref(FROM, record.name)), [...uses, ...schemes, ...refusals].join("; ")]];
  });
  const unknown = ir.errors.find((e) => e.issue === "unknown_variant");
  const other = unknown ? `A body with another \`grant_type\` is answered with ${link(code(unknown.id), errorHref(FROM, unknown.id))}.` : undefined;
  return blocks("## Grants", `The token endpoint's body is ${link(code(token!.body!), recordHref(FROM, token!.body!))}, told apart by \`grant_type\`:`, table(["grant_type", "Record", "Used by"], rows), other);
}

function clientAuthentication(ir: SpecIR, token: Operation | undefined): string | undefined {
  const union = ir.records.find((r) => r.name === token?.body)?.schema;
  if (union?.kind !== "union") return undefined;
  const has = (target: string, name: string) => {
    const schema = ir.records.find((r) => r.name === target)?.schema;
    return schema?.kind === "object" && schema.properties.some((p) => p.name === name);
  };
  const fields = CLIENT_FIELDS.filter((name) => union.members.every((m) => m.kind === "ref" && has(m.target, name)));
  return blocks(
    "## Client authentication",
    `Every grant's record carries ${fields.map(code).join(", ")}: a confidential client sends its secret, or a signed JWT with the JWT-bearer type (RFC 7523; the assertion and its type together or neither, as each record's \`dependentRequired\` says); HTTP Basic may carry the id and secret instead (RFC 6749 §2.3.1).`,
  );
}

function errorsSection(ir: SpecIR, operations: readonly Operation[]): string {
  const ids = new Set(operations.map((op) => op.id));
  const rows = ir.errors
    .filter((e) => e.operations.some((id) => ids.has(id)))
    .map((e) => [code(String(e.status)), link(code(e.id), errorHref(FROM, e.id)), e.operations.filter((id) => ids.has(id)).map(code).join(", ")]);
  const redirect = operations.find((op) => op.success.status >= 300 && op.success.status < 400);
  const note = redirect
    ? `${code(`${redirect.method} ${redirect.path}`)} answers a request it cannot trust (no known client, or a redirect URI not registered for it) with the error body; once both are known, its errors travel to the redirect URI as the \`error\` and \`error_description\` query parameters, with \`state\` (RFC 6749 §4.1.2.1).`
    : undefined;
  return blocks("## Errors", table(["Status", "Code", "Operations"], rows), note);
}

export function authorizationServerPage(ir: SpecIR): Page {
  const iface = authorizationServer(ir);
  const operations = ir.operations.filter((op) => op.interface === iface?.name);
  const token = operations.find((op) => op.body !== undefined && ir.records.find((r) => r.name === op.body)?.schema.kind === "union");
  const errorBody = iface?.errorBody;
  const intro = iface
    ? `${iface.title} ${iface.version}: ${prose(iface.description)}${errorBody ? ` Its error body is ${link(code(errorBody), recordHref(FROM, errorBody))}.` : ""}`
    : "The spec describes no authorization server.";
  const body = blocks("# Authorization server", intro, iface && operationsSection(ir, operations), grantsSection(ir, token), clientAuthentication(ir, token), iface && errorsSection(ir, operations), iface && bulletList([`The rules that decide grants: ${link("Authentication", PAGES.authentication)}.`]));
  const sources = [ir.sources.root!, ir.sources.operations!, ir.sources.authentication!, ir.sources.errors!, ...new Set(ir.records.filter((r) => operations.some((op) => op.body === r.name || op.query === r.name)).map((r) => r.source))];
  return { path: FROM, sources: [...new Set(sources)].sort(), body };
}
