/**
 * Emitter: `packages/types` (`@flowspec/types`). `renderTypeDeclarations` is also what the
 * validator package ships as its own `types.d.ts`.
 */
import type { SpecIR } from "../../ir/model.js";
import { typeDeclarations } from "./declarations.js";
import { REFERENCE_BASE } from "./reference-links.js";

export { emitTypes } from "./emit-types.js";
export { PRETTIER_OPTIONS } from "./style.js";

export interface RenderOptions {
  /**
   * Where the reference package is, relative to the folder the `.d.ts` file will sit in, ending
   * in `/`. Default `../reference/`: right for a file at the root of a sibling package
   * (`packages/types/index.d.ts`); a file one folder deeper needs `../../reference/`.
   */
  readonly referenceBase?: string;
}

/**
 * Every type of the spec as one self-contained `.d.ts` text: no imports, no values, no header
 * (the caller adds its own do-not-edit header). It is laid out as prettier with
 * `PRETTIER_OPTIONS` would lay it out.
 */
export function renderTypeDeclarations(ir: SpecIR, options: RenderOptions = {}): string {
  const text = typeDeclarations(ir).join("\n");
  const base = options.referenceBase ?? REFERENCE_BASE;
  // Every link the docs hold is a Markdown link target starting with the default base.
  return base === REFERENCE_BASE ? text : text.replaceAll(`](${REFERENCE_BASE}`, `](${base}`);
}
