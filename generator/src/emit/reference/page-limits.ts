/**
 * `limits.md`: the limits of the interface spec, each linked to the fields that state it.
 */
import type { Limit, SpecIR } from "../../ir/model.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { COMMON_FIELDS_ANCHOR, PAGES } from "../../ir/reference-pages.js";
import { href, RATE_LIMITS_ANCHOR, recordHref } from "./links.js";
import { anchor, blocks, code, link, table } from "../markdown.js";
import type { Page } from "./page.js";

const FROM = PAGES.limits;

function bound(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return `${min} to ${max} ${unit}`;
  if (max !== undefined) return `at most ${max} ${unit}`;
  if (min !== undefined) return `at least ${min} ${unit}`;
  return undefined;
}

function bounds(limit: Limit): string {
  const parts = [bound(limit.minLength, limit.maxLength, "characters"), bound(limit.minItems, limit.maxItems, "items")];
  const text = parts.filter((p): p is string => p !== undefined).join("; ");
  return limit.note === undefined ? text : `${text}. ${limit.note}`;
}

/** `CreateFlowRequestContent.name` → the record; `FlowAction.alias` → the common action fields. */
function target(path: string): string {
  const record = path.split(".")[0]!;
  const where = record === FLOW_ACTION ? href(FROM, PAGES.flowActions, COMMON_FIELDS_ANCHOR) : recordHref(FROM, record);
  return link(code(path), where);
}

export function limitsPage(ir: SpecIR): Page {
  const rows = ir.limits.map((l) => [{ raw: `${anchor(l.id)}${l.title}` }, bounds(l), l.appliesTo.map(target).join(", ")]);
  const intro =
    "The limits the interface spec states. Lengths count Unicode code points (an emoji is one character), as JSON Schema does; the fields that carry a limit state the same bounds, and the generator checks that they agree.";
  const rate = `Rate limits have no published numbers; see ${link("rate limits", href(FROM, PAGES.errors, RATE_LIMITS_ANCHOR))} for how the service signals them.`;
  const body = blocks("# Limits", intro, table(["Limit", "Bounds", "Applies to"], rows), rate);
  return { path: FROM, sources: [ir.sources.limits!], body };
}
