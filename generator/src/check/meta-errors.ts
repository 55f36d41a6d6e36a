/**
 * Turns Ajv's view of a meta-schema violation into a diagnostic a person can act on: one per
 * mistake (a misspelt key is one unknown key that names the key it resembles, not also a missing
 * key), with a hint that says what to type. The spec's files and serve's config file are checked
 * so, each with its own family of codes (`ShapeCodes`).
 */
import type { ErrorObject } from "ajv";
import { closestMatch } from "../../runtime/validator/suggest.js";
import { diagnostic, type Diagnostic, type DiagnosticCode } from "../base/diagnostics.js";
import { locIn, type SpecFile } from "../load/load-spec.js";
import { escapePointerToken } from "../load/yaml-positions.js";
import { valueAtPointer } from "../base/json-pointer.js";

/** The codes a file's shape problems are reported with. */
export interface ShapeCodes {
  readonly unknownKey: DiagnosticCode;
  readonly missingKey: DiagnosticCode;
  readonly wrongType: DiagnosticCode;
  readonly invalidValue: DiagnosticCode;
}

export const SPEC_SHAPE_CODES: ShapeCodes = { unknownKey: "SpecUnknownKey", missingKey: "SpecMissingKey", wrongType: "SpecWrongType", invalidValue: "SpecInvalidValue" };

function where(pointer: string): string {
  return pointer === "" ? "the top level" : `\`${pointer.slice(1).split("/").join(".")}\``;
}

/** `; did you mean `x`?` when a name is close to one of the allowed ones. */
function suggestion(value: unknown, allowed: readonly unknown[]): string {
  if (typeof value !== "string") return "";
  const match = closestMatch(value, allowed.filter((a): a is string => typeof a === "string"));
  return match === undefined ? "" : `; did you mean \`${match}\`?`;
}

/** How YAML read an unquoted scalar that was meant as text (`1.0` is the number 1, `yes` a string). */
function quoteHint(file: SpecFile, pointer: string, expected: string): string {
  const source = file.positions.get(pointer)?.source;
  const data = valueAtPointer(file.data, pointer);
  if (!expected.split(",").includes("string") || source === undefined || typeof data === "string") return "";
  return `; YAML reads the unquoted \`${source}\` as ${typeof data === "number" ? "a number" : typeof data}: write "${source.replaceAll('"', '\\"')}" in quotes`;
}


/** The allowed keys at the object an `additionalProperties` error is about. */
function allowedKeys(error: ErrorObject): string[] {
  return Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
}

/**
 * Every violation of one file as diagnostics. An unknown key that resembles a required key that is
 * missing at the same object is one mistake (a typo): the missing-key error is folded into it.
 */
export function metaErrorsToDiagnostics(file: SpecFile, errors: readonly ErrorObject[], codes: ShapeCodes = SPEC_SHAPE_CODES): Diagnostic[] {
  const typos = new Set<string>();
  for (const error of errors) {
    if (error.keyword !== "additionalProperties") continue;
    const match = closestMatch(String((error.params as Record<string, unknown>).additionalProperty), allowedKeys(error));
    if (match !== undefined) typos.add(`${error.instancePath}\u0000${match}`);
  }
  const folded = (error: ErrorObject) =>
    error.keyword === "required" && typos.has(`${error.instancePath}\u0000${String((error.params as Record<string, unknown>).missingProperty)}`);
  return errors.flatMap((error) => (folded(error) ? [] : (metaErrorToDiagnostic(file, error, codes) ?? [])));
}

function metaErrorToDiagnostic(file: SpecFile, error: ErrorObject, codes: ShapeCodes): Diagnostic | undefined {
  const at = (pointer: string, prefer: "key" | "value" = "value") => locIn(file, pointer, prefer);
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const allowed = allowedKeys(error);
      const typo = suggestion(key, allowed);
      const hint = typo !== "" ? typo.slice(2) : allowed.length > 0 ? `allowed here: ${allowed.join(", ")}.` : "remove it.";
      return diagnostic(at(`${path}/${escapePointerToken(key)}`, "key"), codes.unknownKey, `unknown key \`${key}\` in ${where(path)}; ${hint}`);
    }
    case "false schema": {
      // Only the fields of an authentication rule's own kind are allowed (spec-language/authentication.ts).
      const key = path.slice(path.lastIndexOf("/") + 1);
      const owner = path.slice(0, path.lastIndexOf("/"));
      return diagnostic(at(path, "key"), codes.unknownKey, `\`${key}\` is not a field of this kind of rule in ${where(owner)}; remove it or change \`kind\`.`);
    }
    case "required":
      return diagnostic(at(path), codes.missingKey, `${where(path)} is missing \`${String(params.missingProperty)}\`; add it.`);
    case "type":
      return diagnostic(at(path), codes.wrongType, `${where(path)} must be ${String(params.type).replace(",", " or ")}${quoteHint(file, path, String(params.type))}.`);
    case "enum": {
      const allowed = params.allowedValues as unknown[];
      const list = allowed.map((v) => JSON.stringify(v)).join(", ");
      return diagnostic(at(path), codes.invalidValue, `${where(path)} must be one of: ${list}${suggestion(valueAtPointer(file.data, path), allowed)}`.replace(/([^?])$/, "$1."));
    }
    case "const":
      return diagnostic(at(path), codes.invalidValue, `${where(path)} must be ${JSON.stringify(params.allowedValue)}.`);
    case "propertyNames":
      // Ajv reports the offending name through a nested `pattern` error as well; that one is kept.
      return undefined;
    case "if":
    case "not":
      // The branch that failed has its own, more precise error; `not` only guards format kinds.
      return error.keyword === "not"
        ? diagnostic(at(path), codes.invalidValue, `${where(path)} must use either \`pattern\` or \`builtin\`, not both.`)
        : undefined;
    default: {
      const key = params.propertyName !== undefined ? `${path}/${escapePointerToken(String(params.propertyName))}` : path;
      return diagnostic(at(key, params.propertyName !== undefined ? "key" : "value"), codes.invalidValue, `${where(key)} ${error.message ?? "is invalid"}.`);
    }
  }
}
