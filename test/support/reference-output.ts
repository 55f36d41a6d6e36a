/**
 * The reference as the generator emits it, in memory: `loadIr` → `emitReference` → format, the
 * stages `npm run generate` runs, without the other emitters.
 */
import { emitReference } from "../../generator/src/emit/reference/emit-reference.js";
import type { SpecIR } from "../../generator/src/ir/model.js";
import { emitted } from "./emitted.js";
import { irOf, realIr } from "./spec-ir.js";

export interface ReferenceOutput {
  readonly ir: SpecIR;
  /** Every generated file by path inside the package (`flow-actions/stripe.md`). */
  readonly files: ReadonlyMap<string, string>;
  /** Only the Markdown pages. */
  readonly pages: ReadonlyMap<string, string>;
}

export function referenceFrom(ir: SpecIR): ReferenceOutput {
  const files = emitted(emitReference, ir);
  const pages = new Map([...files].filter(([path]) => path.endsWith(".md")));
  return { ir, files, pages };
}

/** The reference of `specDir` (default: the real spec). */
export function referenceOutput(specDir?: string): ReferenceOutput {
  return referenceFrom(specDir === undefined ? realIr() : irOf(specDir));
}
