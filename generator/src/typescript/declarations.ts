/**
 * The type declarations of the whole module, in reading order: the key types and helpers, the
 * FlowAction union with every variant and its params, then the records (requests, responses and
 * what they contain). Self-contained: no imports, no values. The types package and the validator
 * package both ship it, each with links that reach the reference from where the file sits.
 */
import type { SpecIR } from "../ir/model.js";
import { shapeNames } from "../ir/shape-names.js";
import { docContext } from "./docs.js";
import { flowActionDeclarations } from "./flow-action-types.js";
import { keyTypeDeclarations } from "./key-types.js";
import { printShape } from "./print-shapes.js";
import { referenceLinks, type ReferenceLinks } from "./reference-links.js";

/** Every declaration, each ending in a newline; join them with a blank line. */
export function typeDeclarations(ir: SpecIR, links: ReferenceLinks): string[] {
  const ctx = docContext(ir, links);
  const names = shapeNames(ir);
  const records = ir.records.flatMap((r) => names.under(r.name).map((s) => printShape(ctx, names, s)));
  return [...keyTypeDeclarations(ir, links), ...flowActionDeclarations(ctx, names), ...records];
}

/**
 * Every type of the spec as one `.d.ts` text, without a header (the caller adds its own), laid
 * out as prettier with `PRETTIER_OPTIONS` would lay it out. `referenceBase` is the way from the
 * file's folder to the reference package, ending in `/` (`../reference/` at a package's root).
 */
export function renderTypeDeclarations(ir: SpecIR, referenceBase: string): string {
  return typeDeclarations(ir, referenceLinks(referenceBase)).join("\n");
}
