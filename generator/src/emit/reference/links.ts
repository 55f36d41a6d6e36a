/**
 * Where everything lives in the reference, and links between pages. The anchors here are a
 * contract: the types package's JSDoc links to them, so they change only with the spec's names.
 */
import type { Variant } from "../../ir/model.js";
import { headingSlug } from "../markdown.js";
import { COMMON_FIELDS_ANCHOR, PAGES, typePage } from "../../ir/reference-pages.js";

/**
 * The way from page `from` to page `to`, both paths inside the package written without `.` or
 * `..` (as `PAGES` and `typePage` write them): up out of the folders they do not share, then down.
 * Worked out by segments, not by `posix.dirname` and `posix.relative` behind a cache: the wide
 * spec's reference holds some 4,600 links, and the path functions, the cache's key and its
 * bookkeeping cost more than this, in running and in what V8 compiled of them (~13 ms of
 * TurboFan for `way`, `href` and `dirname`, in a single-threaded trace).
 */
function way(from: string, to: string): string {
  const fromParts = from.split("/");
  const toParts = to.split("/");
  // The folders of `from` are all its parts but the last (the page's own name).
  let shared = 0;
  while (shared < fromParts.length - 1 && shared < toParts.length - 1 && fromParts[shared] === toParts[shared]) shared++;
  return "../".repeat(fromParts.length - 1 - shared) + toParts.slice(shared).join("/");
}

/** A link target from page `from` to page `to` (both relative to the package root). */
export function href(from: string, to: string, fragment?: string): string {
  const hash = fragment === undefined ? "" : `#${fragment}`;
  if (from === to && fragment !== undefined) return hash;
  return way(from, to) + hash;
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
