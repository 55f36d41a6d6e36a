/**
 * The reference as the generator emits it from the real spec, in memory: load → check → build IR
 * → `emitReference` → format, the same stages `npm run generate` runs, without the other emitters.
 */
import { join } from "node:path";
import { checkSpec } from "../../generator/src/check/check-spec.ts";
import { emitReference } from "../../generator/src/emit/reference/emit-reference.ts";
import { formatFiles } from "../../generator/src/format.ts";
import { buildIr } from "../../generator/src/ir/build-ir.ts";
import type { SpecIR } from "../../generator/src/ir/model.ts";
import { loadSpec } from "../../generator/src/load/load-spec.ts";

export const REPO_ROOT = join(import.meta.dirname, "..", "..");
export const REAL_SPEC = join(REPO_ROOT, "spec");
export const MINIMAL_SPEC = join(REPO_ROOT, "test", "fixtures", "minimal-spec");

export interface ReferenceOutput {
  readonly ir: SpecIR;
  /** Every generated file by path inside the package (`flow-actions/stripe.md`). */
  readonly files: ReadonlyMap<string, string>;
  /** Only the Markdown pages. */
  readonly pages: ReadonlyMap<string, string>;
}

export function buildSpecIr(specDir: string = REAL_SPEC): SpecIR {
  const checked = checkSpec(loadSpec({ specDir, displayRoot: REPO_ROOT }), "spec");
  if (!checked.sources) throw new Error(checked.diagnostics.map((d) => d.message).join("\n"));
  return buildIr(checked.sources);
}

export function referenceFrom(ir: SpecIR): ReferenceOutput {
  const files = new Map(formatFiles(emitReference(ir)).map((f) => [f.path.replace(/^reference\//, ""), f.contents]));
  const pages = new Map([...files].filter(([path]) => path.endsWith(".md")));
  return { ir, files, pages };
}

export function referenceOutput(specDir: string = REAL_SPEC): ReferenceOutput {
  return referenceFrom(buildSpecIr(specDir));
}
