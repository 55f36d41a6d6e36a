/**
 * Emitter: `packages/types`. The module is text built from the IR, laid out as prettier would
 * (`style.ts`); the constants are written three times from one list: as ESM, as CommonJS, and as
 * `declare const` in the declarations. The declarations are in one file, `index.d.cts`, which
 * `index.d.ts` re-exports.
 */
import type { SpecIR } from "../../ir/model.js";
import { renderTypeDeclarations } from "../../typescript/declarations.js";
import { renderDoc } from "../../typescript/jsdoc.js";
import { referenceLinks } from "../../typescript/reference-links.js";
import { allSources, tsHeader, type GeneratedFile } from "../generated-file.js";
import { constants, type Constant } from "./constants.js";
import { packageFiles } from "./package-files.js";
import { cjsConstant, declaredConstant, esmConstant } from "./print-values.js";

/** The package sits beside `@flowspec/reference`, in `packages/` and in `node_modules/@flowspec/`. */
const REFERENCE_BASE = "../reference/";
const LINKS = referenceLinks(REFERENCE_BASE);

function declarationsText(ir: SpecIR, values: readonly Constant[]): string {
  const declared = values.map((c) => renderDoc(c.doc, "") + declaredConstant(c.name, c.value));
  return [tsHeader(ir, allSources(ir)), renderTypeDeclarations(ir, REFERENCE_BASE), ...declared].join("\n");
}

function moduleText(ir: SpecIR, values: readonly Constant[], print: (name: string, value: Constant["value"]) => string): string {
  return [tsHeader(ir, allSources(ir)), ...values.map((c) => print(c.name, c.value))].join("\n");
}

/**
 * The ES module declarations re-export the CommonJS ones, megabytes for a wide spec, rather than
 * repeat them (a .d.ts in a `"type": "module"` package describes ESM only, so `require` needs the
 * .d.cts). This direction resolves under node16, nodenext, bundler and node10 (`index.cjs` is
 * `index.d.cts` to each); the other one is an error under node16, where a CommonJS file cannot
 * import an ES module. test/types/consumers compile both formats against it.
 */
function reExportText(ir: SpecIR): string {
  return `${tsHeader(ir, allSources(ir))}export * from "./index.cjs";\n`;
}

export function emitTypes(ir: SpecIR): GeneratedFile[] {
  const values = constants(ir, LINKS);
  return [
    { path: "types/index.d.ts", contents: reExportText(ir) },
    { path: "types/index.d.cts", contents: declarationsText(ir, values) },
    { path: "types/index.js", contents: moduleText(ir, values, esmConstant) },
    { path: "types/index.cjs", contents: moduleText(ir, values, cjsConstant) },
    ...packageFiles(ir),
  ];
}
