/**
 * Links from JSDoc to the Markdown reference (`@flowspec/reference`), relative to the folder the
 * declarations file sits in. Installed packages sit side by side as they do in `packages/`, so a
 * file at the root of a package links to `../reference/`, one in `dist/` to `../../reference/`.
 * Page names are the reference's contract (`ir/reference-pages.ts`); record and format anchors are
 * their names in lower case, as the reference heads them.
 */
import type { Variant } from "../ir/model.js";
import { COMMON_FIELDS_ANCHOR, PAGES, typePage } from "../ir/reference-pages.js";

export interface ReferenceLinks {
  /** `GOOGLE_SHEETS` → `<base>flow-actions/google-sheets.md`. */
  readonly typePage: (type: string) => string;
  /** `<base>flow-actions/stripe.md#stripe-add_tax_id` */
  readonly variant: (variant: Pick<Variant, "type" | "anchor">) => string;
  /** Records are headed by their name, so the anchor is the name in lower case. */
  readonly record: (name: string) => string;
  readonly format: (name: string) => string;
  readonly flowActions: string;
  readonly commonFields: string;
  readonly limits: string;
  readonly errors: string;
  readonly operations: string;
  readonly index: string;
}

/** The links from a file whose way to the reference package is `base` (ending in `/`). */
export function referenceLinks(base: string): ReferenceLinks {
  const page = (type: string) => `${base}${typePage(type)}`;
  const flowActions = `${base}${PAGES.flowActions}`;
  return {
    typePage: page,
    variant: (variant) => `${page(variant.type)}#${variant.anchor}`,
    record: (name) => `${base}${PAGES.records}#${name.toLowerCase()}`,
    format: (name) => `${base}${PAGES.formats}#${name.toLowerCase()}`,
    flowActions,
    commonFields: `${flowActions}#${COMMON_FIELDS_ANCHOR}`,
    limits: `${base}${PAGES.limits}`,
    errors: `${base}${PAGES.errors}`,
    operations: `${base}${PAGES.operations}`,
    index: `${base}${PAGES.index}`,
  };
}

/** A `@see` tag whose text names the target, for hovers that show tags as Markdown. */
export function seeTag(text: string, link: string): string {
  return `@see [${text}](${link})`;
}
