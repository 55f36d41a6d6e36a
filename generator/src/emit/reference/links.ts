/**
 * Where everything lives in the reference, and links between pages. The anchors here are a
 * contract: the types package's JSDoc links to them, so they change only with the spec's names.
 */
import { posix } from "node:path";
import type { Variant } from "../../ir/model.js";
import { headingSlug } from "../markdown.js";

export const PAGES = {
  index: "README.md",
  operations: "operations.md",
  authentication: "authentication.md",
  authorizationServer: "authorization-server.md",
  flowActions: "flow-actions.md",
  records: "records.md",
  formats: "formats.md",
  limits: "limits.md",
  errors: "errors.md",
  disagreements: "disagreements.md",
} as const;

/** `GOOGLE_SHEETS` → `flow-actions/google-sheets.md`. */
export function typePage(type: string): string {
  return `flow-actions/${type.toLowerCase().replace(/_/g, "-")}.md`;
}

/** A link target from page `from` to page `to` (both relative to the package root). */
export function href(from: string, to: string, fragment?: string): string {
  const hash = fragment === undefined ? "" : `#${fragment}`;
  if (from === to && fragment !== undefined) return hash;
  const path = posix.relative(posix.dirname(from), to);
  return path + hash;
}

/** Records and formats are headed by their name in a code span, so the heading's id is the name. */
export function recordAnchor(name: string): string {
  return headingSlug(name);
}

export function formatAnchor(name: string): string {
  return headingSlug(name);
}

export function recordHref(from: string, name: string): string {
  return href(from, PAGES.records, recordAnchor(name));
}

export function formatHref(from: string, name: string): string {
  return href(from, PAGES.formats, formatAnchor(name));
}

export function variantHref(from: string, variant: Pick<Variant, "type" | "anchor">): string {
  return href(from, typePage(variant.type), variant.anchor);
}

/** Operations carry an explicit anchor equal to their id, e.g. `operations.md#post_flows`. */
export function operationHref(from: string, id: string): string {
  return href(from, PAGES.operations, id);
}

/** Rows of the error table carry an explicit anchor equal to their id. */
export function errorHref(from: string, id: string): string {
  return href(from, PAGES.errors, id);
}

/** Disagreements carry an explicit anchor: `D3` → `d3`. */
export function disagreementHref(from: string, id: string): string {
  return href(from, PAGES.disagreements, id.toLowerCase());
}

/** The common fields every action has, on the flow-actions index. */
export const COMMON_FIELDS_ANCHOR = "common-fields";
/** The slug of the heading `## Rate limits` on the errors page. */
export const RATE_LIMITS_ANCHOR = "rate-limits";
