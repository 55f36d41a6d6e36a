/**
 * The reference: Ajv compiled at run time from the published JSON Schema files (packages/schema),
 * with the same semantics the package documents: own properties only, formats from the schema
 * package's index (patterns with the `u` flag, RFC 3339 for the builtins), numbers that are finite.
 * Plain `oneOf`, without Ajv's `discriminator` option: that option skips `oneOf` for a value that is
 * not an object, so it accepts the string "x" as a TokenRequest, which the schema does not.
 */
import { readdirSync, readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { isRfc3339Date, isRfc3339DateTime } from "../../../generator/runtime/validator/rfc3339.js";
import { SCHEMA_DIR } from "./spec.js";

const BUILTINS: Record<string, (s: string) => boolean> = { "rfc3339-date": isRfc3339Date, "rfc3339-date-time": isRfc3339DateTime };

interface FormatEntry {
  readonly pattern?: string;
  readonly builtin?: string;
}

function formats(): Record<string, RegExp | ((s: string) => boolean)> {
  const index = JSON.parse(readFileSync(`${SCHEMA_DIR}/index.json`, "utf8")) as { formats: Record<string, FormatEntry> };
  return Object.fromEntries(Object.entries(index.formats).map(([name, f]) => [name, f.pattern !== undefined ? new RegExp(f.pattern, "u") : BUILTINS[f.builtin!]!]));
}

let shared: ((record: string) => ValidateFunction) | undefined;

/** One Ajv per worker for every suite that asks: compiling its validators costs more than most of their tests. */
export function referenceValidators(): (record: string) => ValidateFunction {
  shared ??= compileReference();
  return shared;
}

function compileReference(): (record: string) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, strictNumbers: true, ownProperties: true, allErrors: false, formats: formats() });
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith(".schema.json")).sort()) {
    ajv.addSchema(JSON.parse(readFileSync(`${SCHEMA_DIR}/${file}`, "utf8")) as object);
  }
  return (record) => {
    const validate = ajv.getSchema(`https://flowspec.dev/schema/${record}.schema.json`);
    if (!validate) throw new Error(`no schema for ${record}`);
    return validate;
  };
}
