/**
 * A page of the reference before it becomes a file: its path inside the package, the spec files
 * it was built from (for the do-not-edit header) and its Markdown body.
 */
import type { SpecIR } from "../../ir/model.js";
import { markdownHeader, type GeneratedFile } from "../generated-file.js";

export interface Page {
  /** Relative to the package folder, e.g. `flow-actions/stripe.md`. */
  readonly path: string;
  readonly sources: readonly string[];
  readonly body: string;
}

export function pageFile(ir: SpecIR, page: Page): GeneratedFile {
  return { path: `reference/${page.path}`, contents: `${markdownHeader(ir, page.sources)}\n${page.body}\n` };
}
