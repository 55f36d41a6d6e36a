/**
 * `README.md`, the index: a table of contents linking every page, the interfaces with their base
 * URLs, the servers, and versioning and lifecycle.
 */
import type { SpecIR } from "../../ir/model.js";
import { operationHref } from "./links.js";
import { PAGES, typePage } from "../../ir/reference-pages.js";
import { blocks, bulletList, code, link, prose, table } from "../markdown.js";
import type { Page } from "./page.js";
import { interfaceBaseUrl } from "./urls.js";

const FROM = PAGES.index;

function contents(ir: SpecIR): string {
  const variants = ir.flowActions.types.flatMap((t) => t.variants).length;
  const operations = ir.operations.map((op) => `  - ${link(op.summary, operationHref(FROM, op.id))}: ${code(`${op.method} ${op.path}`)}`);
  const types = ir.flowActions.types.map((t) => link(t.title, typePage(t.type))).join(" · ");
  return blocks(
    "## Contents",
    [
      `- ${link("Operations", PAGES.operations)}: method, URL, scope, request fields, errors and rate limits of each operation.`,
      ...operations,
      `- ${link("Authentication", PAGES.authentication)}: security schemes, the ${ir.authRules.length} rules, the self-service token requests with examples, access policies and granted permissions.`,
      `- ${link("Authorization server", PAGES.authorizationServer)}: the authorize, token and passkey challenge endpoints, their grants, client authentication and errors.`,
      `- ${link("Flow actions", PAGES.flowActions)}: the ${variants} variants of ${ir.flowActions.types.length} types, the fields every action has, and the type × action tables.`,
      `  - ${types}`,
      `- ${link("Records", PAGES.records)}: every request, response and shared record with its fields.`,
      `- ${link("Formats", PAGES.formats)}: string formats, their syntax and where each rule comes from.`,
      `- ${link("Limits", PAGES.limits)}: lengths and counts.`,
      `- ${link("Errors and rate limits", PAGES.errors)}: the error table and the rate-limit headers.`,
      `- ${link("Where the published definition and the SDKs disagree", PAGES.disagreements)}: what to expect from the vendor's SDKs and the live service.`,
    ].join("\n"),
  );
}

function interfaces(ir: SpecIR): string {
  const rows = ir.interfaces.map((i) => [`${i.title} (${code(i.name)})`, i.version + (i.status ? `, ${i.status}` : ""), code(interfaceBaseUrl(ir, i))]);
  const about = ir.interfaces.map((i) => `${i.title}: ${prose(i.description)}${i.audience ? ` Token audience: ${code(i.audience)}.` : ""}`);
  return blocks("## Interfaces", table(["Interface", "Version", "Base URL"], rows), bulletList(about));
}

function servers(ir: SpecIR): string {
  const rows = ir.servers.map((s) => [code(s.name), code(s.url), s.description]);
  return blocks("## Servers", "Operations name the server they are called on. A `{…}` part of a URL is filled in by the caller.", table(["Server", "URL", "Description"], rows));
}

function lifecycle(ir: SpecIR): string {
  const rows = ir.lifecycle.map((l) => {
    const ops = ir.operations.filter((op) => op.lifecycle === l.label).map((op) => link(op.id, operationHref(FROM, op.id)));
    return [l.label, l.description, ops.join(", ")];
  });
  const version = `This reference describes the version of the spec that its package.json states. The packages generated from it (${["schema", "types", "validator", "reference"].map((p) => code(`@flowspec/${p}`)).join(", ")}) are published with that same version, following semantic versioning: removing or narrowing a field is a major change, a new optional field or variant a minor one, a correction of wording a patch.`;
  const labels = "Each operation carries a release lifecycle label:";
  return blocks("## Versioning and lifecycle", version, labels, table(["Label", "Meaning", "Operations"], rows, true));
}

export function indexPage(ir: SpecIR): Page {
  const intro = `The reference for ${prose(ir.title.charAt(0).toLowerCase() + ir.title.slice(1))}, generated from the spec: what each request may contain, field by field, with examples. The project's tests check every example here with the validator (${code("@flowspec/validator")}), against the JSON Schema (${code("@flowspec/schema")}) and against the TypeScript types (${code("@flowspec/types")}) generated from the same spec.`;
  const body = blocks(`# ${ir.title}: reference`, intro, contents(ir), interfaces(ir), servers(ir), lifecycle(ir));
  return { path: FROM, sources: [ir.sources.root!, ir.sources.operations!], body };
}
