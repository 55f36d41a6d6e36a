/**
 * The one way a YAML file's data is held to its TypeBox schema: Ajv with every error and the schema
 * node at hand (for the hints of `meta-errors.ts`), reading own properties only. The spec's files
 * (`check-spec.ts`) and serve's config file (`stand-in/config-file.ts`) are checked so.
 */
import { Ajv, type ValidateFunction } from "ajv";
import type { Diagnostic } from "../base/diagnostics.js";
import type { SpecFile } from "../load/load-spec.js";
import { metaErrorsToDiagnostics, SPEC_SHAPE_CODES, type ShapeCodes } from "./meta-errors.js";

export function shapeAjv(): Ajv {
  return new Ajv({ allErrors: true, verbose: true, strict: false, ownProperties: true });
}

/** Every way `file` breaks the schema `validate` was compiled from, at its line and column. */
export function shapeDiagnostics(file: SpecFile, validate: ValidateFunction, codes: ShapeCodes = SPEC_SHAPE_CODES): Diagnostic[] {
  if (validate(file.data)) return [];
  return metaErrorsToDiagnostics(file, validate.errors ?? [], codes);
}
