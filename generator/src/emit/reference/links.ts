/**
 * Where everything lives in the reference, and links between pages. The anchors here are a
 * contract: the types package's JSDoc links to them, so they change only with the spec's names.
 */
import { posix } from "node:path";
import type { Variant } from "../../ir/model.js";
import { headingSlug } from "../markdown.js";
import { RecentCache } from "../../base/recent-cache.js";
import { COMMON_FIELDS_ANCHOR, PAGES, typePage } from "../../ir/reference-pages.js";

/**
 * The way from a folder of the reference to a page, worked out once: pages link to the same few
 * pages thousands of times. A spec needs its folders (two) times its pages.
 */
const ways = new RecentCache<string, string>(4096);

function way(fromDir: string, to: string): string {
  return ways.get(`${fromDir}\u0000${to}`, () => posix.relative(fromDir, to));
}

/** A link target from page `from` to page `to` (both relative to the package root). */
export function href(from: string, to: string, fragment?: string): string {
  const hash = fragment === undefined ? "" : `#${fragment}`;
  if (from === to && fragment !== undefined) return hash;
  return way(posix.dirname(from), to) + hash;
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

/** The slug of the heading `## Rate limits` on the errors page. */
export const RATE_LIMITS_ANCHOR = "rate-limits";
