/**
 * Turns Ajv's view of a meta-schema violation into a diagnostic a person can act on.
 */
import type { ErrorObject } from "ajv";
import { diagnostic, type Diagnostic } from "../diagnostics.js";
import { locIn, type SpecFile } from "../load/load-spec.js";
import { escapePointerToken } from "../load/yaml-positions.js";

function where(pointer: string): string {
  return pointer === "" ? "the top level" : `\`${pointer.slice(1).split("/").join(".")}\``;
}

export function metaErrorToDiagnostic(file: SpecFile, error: ErrorObject): Diagnostic | undefined {
  const at = (pointer: string, prefer: "key" | "value" = "value") => locIn(file, pointer, prefer);
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const hint = allowed.length > 0 ? `allowed here: ${allowed.join(", ")}` : "remove it";
      return diagnostic(at(`${path}/${escapePointerToken(key)}`, "key"), "SpecUnknownKey", `unknown key \`${key}\` in ${where(path)}; ${hint}.`);
    }
    case "false schema": {
      // Only the fields of an authentication rule's own kind are allowed (spec-language/authentication.ts).
      const key = path.slice(path.lastIndexOf("/") + 1);
      const owner = path.slice(0, path.lastIndexOf("/"));
      return diagnostic(at(path, "key"), "SpecUnknownKey", `\`${key}\` is not a field of this kind of rule in ${where(owner)}; remove it or change \`kind\`.`);
    }
    case "required":
      return diagnostic(at(path), "SpecMissingKey", `${where(path)} is missing \`${String(params.missingProperty)}\`; add it.`);
    case "type":
      return diagnostic(at(path), "SpecWrongType", `${where(path)} must be ${String(params.type).replace(",", " or ")}.`);
    case "enum":
      return diagnostic(
        at(path),
        "SpecInvalidValue",
        `${where(path)} must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}.`,
      );
    case "const":
      return diagnostic(at(path), "SpecInvalidValue", `${where(path)} must be ${JSON.stringify(params.allowedValue)}.`);
    case "propertyNames":
      // Ajv reports the offending name through a nested `pattern` error as well; that one is kept.
      return undefined;
    case "if":
    case "not":
      // The branch that failed has its own, more precise error; `not` only guards format kinds.
      return error.keyword === "not"
        ? diagnostic(at(path), "SpecInvalidValue", `${where(path)} must use either \`pattern\` or \`builtin\`, not both.`)
        : undefined;
    default: {
      const key = params.propertyName !== undefined ? `${path}/${escapePointerToken(String(params.propertyName))}` : path;
      return diagnostic(at(key, params.propertyName !== undefined ? "key" : "value"), "SpecInvalidValue", `${where(key)} ${error.message ?? "is invalid"}.`);
    }
  }
}
