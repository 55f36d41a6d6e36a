/**
 * Emitter: `packages/types`. The module is text built from the IR, laid out as prettier would
 * (`style.ts`); the constants are written three times from one list: as ESM, as CommonJS, and as
 * `declare const` in the declarations.
 */
import type { SpecIR } from "../../ir/model.js";
import { allSources, tsHeader, type GeneratedFile } from "../generated-file.js";
import { constants } from "./constants.js";
import { typeDeclarations } from "./declarations.js";
import { renderDoc } from "./jsdoc.js";
import { packageFiles } from "./package-files.js";
import { cjsConstant, declaredConstant, esmConstant } from "./print-values.js";

function declarationsText(ir: SpecIR): string {
  const declared = constants(ir).map((c) => renderDoc(c.doc, "") + declaredConstant(c.name, c.value));
  return [tsHeader(ir, allSources(ir)), ...typeDeclarations(ir), ...declared].join("\n");
}

function esmText(ir: SpecIR): string {
  return [tsHeader(ir, allSources(ir)), ...constants(ir).map((c) => esmConstant(c.name, c.value))].join("\n");
}

function cjsText(ir: SpecIR): string {
  return [tsHeader(ir, allSources(ir)), ...constants(ir).map((c) => cjsConstant(c.name, c.value))].join("\n");
}

export function emitTypes(ir: SpecIR): GeneratedFile[] {
  const declarations = declarationsText(ir);
  return [
    { path: "types/index.d.ts", contents: declarations },
    // The same declarations for `require`: a .d.ts in a `"type": "module"` package describes ESM only.
    { path: "types/index.d.cts", contents: declarations },
    { path: "types/index.js", contents: esmText(ir) },
    { path: "types/index.cjs", contents: cjsText(ir) },
    ...packageFiles(ir),
  ];
}
