/**
 * The JSON Schema of the error body, as @flowspec/schema publishes it: every error response the
 * helpers and the examples send must follow the record the spec states.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { PACKAGES } from "../../support/paths.ts";

function schema(name: string): object {
  return JSON.parse(readFileSync(join(PACKAGES, "schema", `${name}.schema.json`), "utf8")) as object;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addSchema(schema("ErrorIssue"));

export const validateErrorBody = ajv.compile(schema("ErrorResponseContent"));
export const validateOAuthErrorBody = ajv.compile(schema("OAuthErrorResponse"));

/** Ajv's errors as one line, for a failed expectation's message. */
export function schemaErrors(): string {
  return ajv.errorsText(validateErrorBody.errors);
}
