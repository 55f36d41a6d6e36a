/**
 * Diagnostics: one catalogue of codes, one line per problem, one sort order.
 *
 * Every problem the generator finds in a spec becomes a `Diagnostic` with the place it was found.
 * Messages say what is wrong and what to do, so a person can fix the YAML without reading the
 * generator.
 */
import { byCodeUnit } from "./order.js";

/** A place in a spec file; line and column are 1-based. */
export interface Loc {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** Every diagnostic code the generator can emit, with what it means. */
export const DIAGNOSTIC_CODES = {
  SpecFileTooLarge: "a spec file above the size limit (MAX_SPEC_FILE_BYTES)",
  SpecNotUtf8: "a spec file with bytes that are not UTF-8",
  SpecFolderLoop: "a symbolic link that leads back into a folder it is in",
  SpecYamlSyntax: "the file is not valid YAML",
  SpecAliasLimit: "more YAML alias expansions than a spec needs (a resource-exhaustion pattern)",
  SpecProtoKey: "a `__proto__` key, which JavaScript objects cannot hold safely",
  SpecMissingFile: "a required spec file is missing",
  SpecUnexpectedFile: "a YAML file in a place the spec layout does not define",
  SpecUnknownKey: "a key the spec language does not define at this place",
  SpecMissingKey: "a key the spec language requires at this place",
  SpecWrongType: "a value of the wrong YAML type",
  SpecInvalidValue: "a value outside what the spec language allows",
  SpecDuplicateVariant: "two variants with the same (type, action) pair",
  SpecDuplicateType: "two provider files declare the same flow-action type",
  SpecDuplicateName: "two records or generated types with the same name",
  SpecUnnamedShape: "a union member the generator cannot name without a title",
  SpecMissingParams: "a variant without params that is not marked paramsOptional",
  SpecUnknownFormat: "a format that formats.yaml does not define",
  SpecUnknownRecord: "a $ref to a record that is not defined",
  SpecUnknownReference: "a name that refers to an operation, error, server, scheme or interface that is not defined",
  SpecRequiredNotDeclared: "a required name that is not among the object's properties",
  SpecPrototypeProperty: "a property named after an Object.prototype member",
  SpecInvalidPattern: "a pattern that is not a valid regular expression",
  SpecNonLinearPattern: "a pattern that may backtrack more than linearly",
  SpecLimitMismatch: "a limit that disagrees with the record it applies to",
  SpecInvalidBounds: "a minimum above its maximum",
  SpecInvalidExample: "an example that its own schema rejects",
  SpecFormBody: "a form-encoded request body decodeFormBody cannot decode: none at all, no record, a record that is not an object or a union of objects, or one record taken as a form with two encodings",
  SpecFormEncoding: "a formEncoding entry on an operation that takes no form, or naming no property of its body",
  SpecUnsupportedShape: "a shape the generated validator cannot check without losing errors (a FlowAction inside a union)",
  ServeConfigYamlSyntax: "serve's config file cannot be read or is not valid YAML",
  ServeConfigUnknownKey: "a key serve's config file does not define at this place",
  ServeConfigMissingKey: "a key serve's config file requires at this place",
  ServeConfigWrongType: "a value of the wrong YAML type in serve's config file",
  ServeConfigInvalidValue: "a value serve's config file or the served spec does not allow (a grant, a scope, a policy, an error row, a domain, a key)",
  ReleaseRecordInvalid: "the release record (release/releases.json) or the spec of the last release cannot be read",
  OutputUnsafeLink: "a symbolic link on the way to a generated file that leads out of the output folder, loops or dangles",
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export interface Diagnostic {
  readonly loc: Loc;
  readonly severity: "error";
  readonly code: DiagnosticCode;
  readonly message: string;
}

export function diagnostic(loc: Loc, code: DiagnosticCode, message: string): Diagnostic {
  return { loc, severity: "error", code, message };
}

/** `spec/flow-actions/stripe.yaml:12:5 error SpecUnknownFormat: …` */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.severity} ${d.code}: ${d.message}`;
}

/** The one order for diagnostics: file, line, column, code, message (code-unit order, never locale). */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      byCodeUnit(a.loc.file, b.loc.file) ||
      a.loc.line - b.loc.line ||
      a.loc.col - b.loc.col ||
      byCodeUnit(a.code, b.code) ||
      byCodeUnit(a.message, b.message),
  );
}
