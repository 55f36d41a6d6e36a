/**
 * `disagreements.md`: where the vendor's published definition, its SDKs and the live service
 * disagree, from `spec/disagreements.yaml`. Each entry is anchored by its id in lower case (`#d3`)
 * and links the variants, records and operations it is about.
 */
import type { Disagreement, SpecIR, TrafficSign, Variant } from "../../ir/model.js";
import { variantsByKey } from "../../ir/lookups.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { COMMON_FIELDS_ANCHOR, PAGES } from "../../ir/reference-pages.js";
import { href, operationHref, recordHref, variantHref } from "./links.js";
import { anchor, blocks, bulletList, code, link, prose, table } from "../markdown.js";
import type { Page } from "./page.js";
import { internalError } from "../../base/internal-error.js";

const FROM = PAGES.disagreements;

/** A variant key, an operation id, a record or `Record.field`: a link to where it is described. */
function affectedLink(ir: SpecIR, variants: ReadonlyMap<string, Variant>, name: string): string {
  const variant = variants.get(name);
  if (variant) return link(code(name), variantHref(FROM, variant));
  const op = ir.operations.find((o) => o.id === name);
  if (op) return link(code(`${op.method} ${op.path}`), operationHref(FROM, op.id));
  const record = name.split(".")[0]!;
  if (record === FLOW_ACTION) return link(code(name), href(FROM, PAGES.flowActions, COMMON_FIELDS_ANCHOR));
  if (ir.records.some((r) => r.name === record)) return link(code(name), recordHref(FROM, record));
  throw internalError(`disagreement names ${name}, which is neither a variant, an operation nor a record`);
}

/** A traffic sign in words: `post_flows request, FLOW:BOOLEAN_CONDITION /params/if, required`. */
function trafficText(sign: TrafficSign): string {
  const parts = [
    `${sign.operation}${sign.side !== undefined ? ` ${sign.side}` : ""}`,
    [sign.variant, sign.at].filter((p) => p !== undefined).join(" "),
    sign.code ?? "",
    sign.status !== undefined ? `status ${sign.status}` : "",
  ].filter((p) => p !== "");
  return code(parts.join(", "));
}

function entry(ir: SpecIR, variants: ReadonlyMap<string, Variant>, d: Disagreement): string {
  const items = [
    `Published definition: ${prose(d.published)}`,
    `SDKs and live service: ${prose(d.sdks)}`,
    `What it means for you: ${prose(d.impact)}`,
  ];
  if (d.affects.length > 0) items.push(`About: ${d.affects.map((a) => affectedLink(ir, variants, a)).join(", ")}`);
  if (d.traffic.length > 0) items.push(`In recorded traffic (what \`flowspec conformance\` labels ${d.id}): ${d.traffic.map(trafficText).join("; ")}`);
  const kind = d.kind === "decision" ? " (a decision of this spec)" : "";
  return blocks(anchor(d.id.toLowerCase()), `## ${d.id}: ${prose(d.area)}${kind}`, bulletList(items));
}

export function disagreementsPage(ir: SpecIR): Page {
  const intro =
    "This spec, and every package generated from it, follows the vendor's published API definition. The vendor's SDKs and recordings of the live service do not always agree with it. Each entry says what the definition states, what the SDKs or the service do instead, and what that means for you.";
  const variants = variantsByKey(ir);
  const rows = ir.disagreements.map((d) => [link(d.id, `#${d.id.toLowerCase()}`), d.area]);
  const summary = rows.length > 0 ? table(["Entry", "Area"], rows) : "The spec records no disagreement.";
  const body = blocks("# Where the published definition and the SDKs disagree", intro, summary, ...ir.disagreements.map((d) => entry(ir, variants, d)));
  return { path: FROM, sources: [ir.sources.disagreements ?? ir.sources.root!], body };
}
