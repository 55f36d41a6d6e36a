/**
 * Links from JSDoc to the Markdown reference (`@flowspec/reference`), relative to the folder the
 * declarations file sits in. Installed packages sit side by side as they do in `packages/`, so a
 * file at the root of a package links to `../reference/`, one in `dist/` to `../../reference/`.
 * Page names and anchors follow the reference emitter's contract (`emit/reference/links.ts`).
 */
import type { Variant } from "../ir/model.js";

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
  const typePage = (type: string) => `${base}flow-actions/${type.toLowerCase().replace(/_/g, "-")}.md`;
  const flowActions = `${base}flow-actions.md`;
  return {
    typePage,
    variant: (variant) => `${typePage(variant.type)}#${variant.anchor}`,
    record: (name) => `${base}records.md#${name.toLowerCase()}`,
    format: (name) => `${base}formats.md#${name.toLowerCase()}`,
    flowActions,
    commonFields: `${flowActions}#common-fields`,
    limits: `${base}limits.md`,
    errors: `${base}errors.md`,
    operations: `${base}operations.md`,
    index: `${base}README.md`,
  };
}

/** A `@see` tag whose text names the target, for hovers that show tags as Markdown. */
export function seeTag(text: string, link: string): string {
  return `@see [${text}](${link})`;
}
