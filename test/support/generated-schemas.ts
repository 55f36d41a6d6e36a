/**
 * Compiles the JSON Schema documents the generator emits for `packages/schema` (run in memory, so
 * the test always sees the current spec) into one Ajv 2020 instance, with every named format
 * registered the way `index.json` describes it.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { emitSchema } from "../../generator/src/emit/schema/emit-schema.js";
import type { SpecIR } from "../../generator/src/ir/model.js";
import { emitted } from "./emitted.js";
import { realIr } from "./spec-ir.js";

const SCHEMA_FILE = /^([A-Za-z0-9]+)\.schema\.json$/;

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

const loaded = new WeakMap<SpecIR, GeneratedSchemas>();

/**
 * Runs the schema emitter alone on the real spec's IR, and compiles what it emits: once per IR and
 * worker, so the suites that judge examples by it share Ajv's compiled validators (the IR is frozen,
 * and a validator's `errors` are those of its last call).
 */
export function loadGeneratedSchemas(ir: SpecIR = realIr()): GeneratedSchemas {
  let schemas = loaded.get(ir);
  if (schemas === undefined) loaded.set(ir, (schemas = compileGeneratedSchemas(ir)));
  return schemas;
}

function compileGeneratedSchemas(ir: SpecIR): GeneratedSchemas {
  const ajv = new Ajv2020({ discriminator: true, strict: false, allErrors: true });
  const ids = new Map<string, string>();
  for (const [path, contents] of emitted(emitSchema, ir)) {
    if (path === "index.json") registerFormats(ajv, JSON.parse(contents).formats);
    const name = SCHEMA_FILE.exec(path)?.[1];
    if (name === undefined) continue;
    const schema = JSON.parse(contents) as { $id: string };
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
