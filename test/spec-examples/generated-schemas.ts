/**
 * Compiles the JSON Schema documents the generator emits for `packages/schema` (run in memory, so
 * the test always sees the current spec) into one Ajv 2020 instance, with every named format
 * registered the way `schema/index.json` describes it.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { EMITTERS } from "../../generator/src/emit/emitters.ts";
import { buildOutput } from "../../generator/src/generate.ts";
import type { SpecIR } from "../../generator/src/ir/model.ts";

const SCHEMA_FILE = /^schema\/([A-Za-z0-9]+)\.schema\.json$/;

type FormatEntry = { readonly pattern: string } | { readonly builtin: "rfc3339-date" | "rfc3339-date-time" };

export interface GeneratedSchemas {
  readonly ir: SpecIR;
  /** The validator of one schema document, by record name (`FlowAction`, `TokenRequest`, …). */
  readonly document: (name: string) => ValidateFunction;
  /** The validator of one `$defs` entry of a document. */
  readonly definition: (name: string, def: string) => ValidateFunction;
}

function builtinFormat(builtin: "rfc3339-date" | "rfc3339-date-time") {
  switch (builtin) {
    case "rfc3339-date":
      return fullFormats.date;
    case "rfc3339-date-time":
      return fullFormats["date-time"];
    default: {
      const unknown: never = builtin;
      throw new Error(`no grammar for the builtin format ${String(unknown)}`);
    }
  }
}

function registerFormats(ajv: Ajv2020, formats: Readonly<Record<string, FormatEntry>>): void {
  for (const [name, entry] of Object.entries(formats)) {
    if ("pattern" in entry) ajv.addFormat(name, new RegExp(entry.pattern, "u"));
    else ajv.addFormat(name, builtinFormat(entry.builtin));
  }
}

/** Runs load → check → IR → the schema emitter only, and compiles what it emits. */
export function loadGeneratedSchemas(specDir = "spec"): GeneratedSchemas {
  const schemaEmitters = EMITTERS.filter((e) => e.dir === "schema");
  const { diagnostics, ir, files } = buildOutput({ specDir, dryRun: true, emitters: schemaEmitters });
  if (diagnostics.length > 0 || !ir) throw new Error(`the spec has problems:\n${diagnostics.map((d) => JSON.stringify(d)).join("\n")}`);
  const ajv = new Ajv2020({ discriminator: true, strict: false, allErrors: true });
  const ids = new Map<string, string>();
  for (const file of files) {
    if (file.path === "schema/index.json") registerFormats(ajv, JSON.parse(file.contents).formats);
    const name = SCHEMA_FILE.exec(file.path)?.[1];
    if (name === undefined) continue;
    const schema = JSON.parse(file.contents) as { $id: string };
    ids.set(name, schema.$id);
    ajv.addSchema(schema);
  }
  const idOf = (name: string): string => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`no generated schema document named ${name}`);
    return id;
  };
  const compiled = (ref: string): ValidateFunction => {
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`Ajv cannot resolve ${ref}`);
    return validate;
  };
  return {
    ir,
    document: (name) => compiled(idOf(name)),
    definition: (name, def) => compiled(`${idOf(name)}#/$defs/${def}`),
  };
}

/** Ajv's errors as lines a person can read in a failed assertion. */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  if (!errors || errors.length === 0) return "(no errors reported)";
  return errors.map((e) => `  ${e.instancePath || "/"} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`).join("\n");
}
