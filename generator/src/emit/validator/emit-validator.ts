/**
 * Emitter: `packages/validator`, a precompiled, dependency-free validator. The checks are generated
 * from the IR as plain functions (code/), one per object, list and union shape of the spec; the
 * runtime in generator/runtime/validator reports, maps errors to issues and guards against hostile
 * input; esbuild bundles both into one ES module and one CommonJS module. The service helpers
 * (`@flowspec/validator/service`) are a second entry that imports the first.
 */
import { readFileSync } from "node:fs";
import type { SpecIR } from "../../ir/model.js";
import { allSources, packageJson, tsHeader, type GeneratedFile } from "../generated-file.js";
import { apiPlan, type ApiPlan } from "./api-plan.js";
import { bundle } from "../bundle.js";
import { generateChecks } from "./code/validator-code.js";
import { indexDeclarations, publicTypesText } from "./declarations.js";
import { entryModule } from "./entry-module.js";
import { serviceModule } from "./service/service-module.js";
import { formShapes, type FormShapesData } from "./form-shapes.js";
import { serviceDeclarations } from "./service/service-declarations.js";
import { validatorReadme } from "./readme.js";
import { renderTypeDeclarations } from "../../typescript/declarations.js";
import { GENERATOR_ROOT, RUNTIME_SOURCE_DIR } from "../../base/generator-root.js";

/** The runtime's TypeScript sources, from src/ or the compiled dist/src/; esbuild writes paths relative to GENERATOR_ROOT, the same on every machine. */
const RUNTIME_DIR = RUNTIME_SOURCE_DIR;

function runtimeSource(file: string): string {
  return readFileSync(`${RUNTIME_DIR}${file}`, "utf8");
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
      "./service": {
        import: { types: "./dist/service.d.ts", default: "./dist/service.js" },
        require: { types: "./dist/service.d.cts", default: "./dist/service.cjs" },
      },
      "./package.json": "./package.json",
    },
    // For TypeScript's old `node10` resolution, which reads no `exports`: where the subpath's types are.
    typesVersions: { "*": { service: ["./dist/service.d.cts"] } },
    files: ["dist", "README.md"],
    sideEffects: false,
    dependencies: {},
  };
}

/**
 * The value types, megabytes for a wide spec, are one CommonJS declaration file that the ES module
 * and the CommonJS declarations both import, written once: CommonJS for the reason
 * `types/emit-types.ts` gives for the types package's declarations.
 */
const TYPES_MODULE = "./types.cjs";

function declarationFiles(ir: SpecIR, plan: ApiPlan, forms: FormShapesData, header: string): GeneratedFile[] {
  const index = header + indexDeclarations({ ir, plan, publicTypes: publicTypesText(runtimeSource("public-types.ts")), typesModule: TYPES_MODULE });
  const service = (mainModule: string) =>
    header + serviceDeclarations({ ir, plan, forms, serviceTypes: runtimeSource("service/public-types.ts"), typesModule: TYPES_MODULE, mainModule });
  return [
    { path: "validator/dist/index.d.ts", contents: index },
    { path: "validator/dist/index.d.cts", contents: index },
    { path: "validator/dist/service.d.ts", contents: service("./index.js") },
    { path: "validator/dist/service.d.cts", contents: service("./index.cjs") },
    // dist/ is one level deeper than the types package, so links into the reference climb one more.
    { path: "validator/dist/types.d.cts", contents: header + renderTypeDeclarations(ir, "../../reference/") },
  ];
}

export function emitValidator(ir: SpecIR): GeneratedFile[] {
  const plan = apiPlan(ir);
  const header = tsHeader(ir, allSources(ir));
  const forms = formShapes(ir);
  const entry = entryModule({ ir, plan, forms, checks: generateChecks(ir, plan), runtime: "./index.ts" });
  const main = bundle({ entry, sourcefile: "validator-entry.js", resolveDir: RUNTIME_DIR, root: GENERATOR_ROOT, banner: header });
  const serviceEntry = serviceModule({ ir, plan, forms, runtime: "./index.ts", main: "./index.js" });
  const service = bundle({ entry: serviceEntry, sourcefile: "service-entry.js", siblings: { "./index.js": "./index.cjs" }, resolveDir: RUNTIME_DIR, root: GENERATOR_ROOT, banner: header });
  return [
    { path: "validator/dist/index.js", contents: main.esm },
    { path: "validator/dist/index.cjs", contents: main.cjs },
    { path: "validator/dist/service.js", contents: service.esm },
    { path: "validator/dist/service.cjs", contents: service.cjs },
    ...declarationFiles(ir, plan, forms, header),
    { path: "validator/README.md", contents: validatorReadme(ir, plan, forms) },
    { path: "validator/package.json", contents: packageJson(ir, packageFields()) },
  ];
}
