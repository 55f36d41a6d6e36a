/**
 * Links from JSDoc to the Markdown reference (`@flowspec/reference`). They are relative to the
 * types package folder: `packages/types` and `packages/reference` are siblings in this repository,
 * and so are `node_modules/@flowspec/types` and `node_modules/@flowspec/reference` once installed,
 * so the same link works in both places. Page names and anchors follow the reference emitter's
 * contract (`emit/reference/links.ts`).
 */
import type { Variant } from "../../ir/model.js";

/** The reference package, seen from the types package folder. */
export const REFERENCE_BASE = "../reference/";
const REFERENCE = REFERENCE_BASE;

/** `GOOGLE_SHEETS` → `../reference/flow-actions/google-sheets.md`. */
export function typePageLink(type: string): string {
  return `${REFERENCE}flow-actions/${type.toLowerCase().replace(/_/g, "-")}.md`;
}

/** `../reference/flow-actions/stripe.md#stripe-add_tax_id` */
export function variantLink(variant: Pick<Variant, "type" | "anchor">): string {
  return `${typePageLink(variant.type)}#${variant.anchor}`;
}

/** Records are headed by their name, so the anchor is the name in lower case. */
export function recordLink(name: string): string {
  return `${REFERENCE}records.md#${name.toLowerCase()}`;
}

export function formatLink(name: string): string {
  return `${REFERENCE}formats.md#${name.toLowerCase()}`;
}

export const FLOW_ACTIONS_LINK = `${REFERENCE}flow-actions.md`;
export const COMMON_FIELDS_LINK = `${FLOW_ACTIONS_LINK}#common-fields`;
export const LIMITS_LINK = `${REFERENCE}limits.md`;
export const ERRORS_LINK = `${REFERENCE}errors.md`;
export const OPERATIONS_LINK = `${REFERENCE}operations.md`;
export const REFERENCE_INDEX_LINK = `${REFERENCE}README.md`;

/** A `@see` tag whose text names the target, for hovers that show tags as Markdown. */
export function seeTag(text: string, link: string): string {
  return `@see [${text}](${link})`;
}
