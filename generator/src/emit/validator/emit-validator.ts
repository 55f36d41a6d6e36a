/**
 * Emitter: `packages/validator`, a precompiled, dependency-free validator. Ajv compiles one function
 * per flow-action variant and per record at generate time; the runtime in generator/runtime/validator
 * dispatches on (type, action), maps errors to issues and guards against hostile input; esbuild
 * bundles both into one ES module and one CommonJS module.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { SpecIR } from "../../ir/model.js";
import { allSources, packageJson, tsHeader, type GeneratedFile } from "../generated-file.js";
import { ajvSchemaSet, type Json } from "./ajv-schemas.js";
import { apiPlan, type ApiPlan } from "./api-plan.js";
import { bundle } from "./bundle.js";
import { compileFactory } from "./compile-standalone.js";
import { indexDeclarations, publicTypesText } from "./declarations.js";
import { ENVELOPE_UNITS, entryModule, FACTORY_PLACEHOLDER } from "./entry-module.js";
import { formShapes } from "./form-shapes.js";
import { serviceDeclarations } from "./service-declarations.js";
import { validatorReadme } from "./readme.js";
import { renderTypeDeclarations } from "../../typescript/declarations.js";

/** The generator package's folder: esbuild writes paths relative to it, the same on every machine. */
const GENERATOR_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const RUNTIME_DIR = fileURLToPath(new URL("../../../runtime/validator/", import.meta.url));

function runtimeSource(file: string): string {
  return readFileSync(`${RUNTIME_DIR}${file}`, "utf8");
}

function compileUnits(ir: SpecIR, plan: ApiPlan): Map<string, Json> {
  const set = ajvSchemaSet(ir);
  const units = new Map<string, Json>(set.params);
  units.set(ENVELOPE_UNITS.required, set.envelopes.required);
  units.set(ENVELOPE_UNITS.optional, set.envelopes.optional);
  for (const name of plan.recordUnits) units.set(name, set.records.get(name)!);
  return units;
}

function packageFields(): Record<string, unknown> {
  return {
    name: "@flowspec/validator",
    description: "Precompiled, dependency-free validator for the flows management and account self-service API.",
    type: "module",
    main: "./dist/index.cjs",
    types: "./dist/index.d.ts",
    exports: {
      ".": {
        import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
        require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
      },
      "./package.json": "./package.json",
    },
    files: ["dist", "README.md"],
    sideEffects: false,
    dependencies: {},
  };
}

function declarationFiles(ir: SpecIR, plan: ApiPlan, header: string): GeneratedFile[] {
  const publicTypes = publicTypesText(runtimeSource("public-types.ts"));
  const service = (typesModule: string) => serviceDeclarations({ ir, plan, forms: formShapes(ir), serviceTypes: runtimeSource("service/public-types.ts"), typesModule });
  // dist/ is one level deeper than the types package, so links into the reference climb one more.
  const types = header + renderTypeDeclarations(ir, "../../reference/");
  return [
    { path: "validator/dist/index.d.ts", contents: header + indexDeclarations({ ir, plan, publicTypes, typesModule: "./types.js" }) + service("./types.js") },
    { path: "validator/dist/index.d.cts", contents: header + indexDeclarations({ ir, plan, publicTypes, typesModule: "./types.cjs" }) + service("./types.cjs") },
    { path: "validator/dist/types.d.ts", contents: types },
    { path: "validator/dist/types.d.cts", contents: types },
  ];
}

export function emitValidator(ir: SpecIR): GeneratedFile[] {
  const plan = apiPlan(ir);
  const header = tsHeader(ir, allSources(ir));
  // Two copies: Ajv caches compiled functions by schema object, and each mode needs its own.
  const factory = compileFactory(ir, { firstError: compileUnits(ir, plan), allErrors: compileUnits(ir, plan) });
  const entry = entryModule({ ir, plan, forms: formShapes(ir), runtime: "./index.ts" });
  const bundles = bundle({ entry, placeholder: { name: FACTORY_PLACEHOLDER, text: factory }, resolveDir: RUNTIME_DIR, root: GENERATOR_ROOT, banner: header });
  return [
    { path: "validator/dist/index.js", contents: bundles.esm },
    { path: "validator/dist/index.cjs", contents: bundles.cjs },
    ...declarationFiles(ir, plan, header),
    { path: "validator/README.md", contents: validatorReadme(ir, plan) },
    { path: "validator/package.json", contents: packageJson(ir, packageFields()) },
  ];
}
