/**
 * The one way a YAML file's data is held to its TypeBox schema: Ajv with every error and the schema
 * node at hand (for the hints of `meta-errors.ts`), reading own properties only. The spec's files
 * (`check-spec.ts`, through `file-shapes.ts`) and serve's config file (`stand-in/config-file.ts`)
 * are checked so. Ajv is required only when a schema is compiled here: a process whose spec checks
 * run the build's precompiled code (`file-shapes.ts`) never loads its compiler.
 */
import { createRequire } from "node:module";
import type { Ajv, Options, ValidateFunction } from "ajv";
import type { Diagnostic } from "../base/diagnostics.js";
import type { SpecFile } from "../load/load-spec.js";
import { metaErrorsToDiagnostics, SPEC_SHAPE_CODES, type ShapeCodes } from "./meta-errors.js";

/** The options every shape check is compiled with (the build's precompiled code included). */
export const SHAPE_AJV_OPTIONS = { allErrors: true, verbose: true, strict: false, ownProperties: true } as const satisfies Options;

const require = createRequire(import.meta.url);

/** An Ajv with the shape options; `extra` adds build-time options (`code.source`) that change no verdict. */
export function shapeAjv(extra: Options = {}): Ajv {
  const { Ajv: AjvClass } = require("ajv") as typeof import("ajv");
  return new AjvClass({ ...SHAPE_AJV_OPTIONS, ...extra });
}

/** Every way `file` breaks the schema `validate` was compiled from, at its line and column. */
export function shapeDiagnostics(file: SpecFile, validate: ValidateFunction, codes: ShapeCodes = SPEC_SHAPE_CODES): Diagnostic[] {
  if (validate(file.data)) return [];
  return metaErrorsToDiagnostics(file, validate.errors ?? [], codes);
}
