/**
 * Stage 2, check: the loaded files against the spec language (meta-schema), then the cross rules.
 * Every problem is collected; none stops the others, except that cross rules run only once every
 * file has the shape they read.
 */
import { Ajv, type ValidateFunction } from "ajv";
import { diagnostic, sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import type { LoadedSpec, SpecFile } from "../load/load-spec.js";
import { fileKind, REQUIRED_FILES, type FileKind, type RawDisagreement, type SpecSources, type Typed } from "../load/spec-layout.js";
import * as meta from "./meta-schema.js";
import { metaErrorToDiagnostic } from "./meta-errors.js";
import { ruleContext } from "./rule-context.js";
import { CROSS_RULES } from "./rules/index.js";

const SCHEMA_OF_KIND: Readonly<Record<FileKind, object>> = {
  root: meta.ROOT_FILE,
  formats: meta.FORMATS_FILE,
  records: meta.RECORDS_FILE,
  common: meta.COMMON_FILE,
  provider: meta.PROVIDER_FILE,
  operations: meta.OPERATIONS_FILE,
  authentication: meta.AUTHENTICATION_FILE,
  errors: meta.ERRORS_FILE,
  rateLimits: meta.RATE_LIMITS_FILE,
  limits: meta.LIMITS_FILE,
  disagreements: meta.DISAGREEMENTS_FILE,
};

let validators: Map<FileKind, ValidateFunction> | undefined;

function validatorFor(kind: FileKind): ValidateFunction {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, ownProperties: true });
    ajv.addSchema(meta.SCHEMA_LANGUAGE);
    validators = new Map(Object.entries(SCHEMA_OF_KIND).map(([k, schema]) => [k as FileKind, ajv.compile(schema)]));
  }
  return validators.get(kind)!;
}

export interface CheckResult {
  readonly sources?: SpecSources;
  readonly diagnostics: readonly Diagnostic[];
}

function checkShape(file: SpecFile, kind: FileKind): Diagnostic[] {
  const validate = validatorFor(kind);
  if (validate(file.data)) return [];
  return (validate.errors ?? []).flatMap((e) => metaErrorToDiagnostic(file, e) ?? []);
}

function group(files: readonly { file: SpecFile; kind: FileKind }[]): SpecSources {
  const one = <T>(kind: FileKind) => {
    const hit = files.find((f) => f.kind === kind)!;
    return { file: hit.file, data: hit.file.data } as Typed<T>;
  };
  const hasDisagreements = files.some((f) => f.kind === "disagreements");
  const many = <T>(kind: FileKind) =>
    files.filter((f) => f.kind === kind).map((f) => ({ file: f.file, data: f.file.data }) as Typed<T>);
  return {
    root: one("root"),
    formats: one("formats"),
    records: many("records"),
    common: one("common"),
    providers: many("provider"),
    operations: one("operations"),
    authentication: one("authentication"),
    errors: one("errors"),
    rateLimits: one("rateLimits"),
    limits: one("limits"),
    ...(hasDisagreements ? { disagreements: one<{ disagreements: RawDisagreement[] }>("disagreements") } : {}),
  };
}

export function checkSpec(loaded: LoadedSpec, specDisplayDir: string): CheckResult {
  const problems: Diagnostic[] = [...loaded.diagnostics];
  const classified: { file: SpecFile; kind: FileKind }[] = [];
  for (const file of loaded.files) {
    const kind = fileKind(file.name);
    if (!kind) {
      problems.push(
        diagnostic({ file: file.path, line: 1, col: 1 }, "SpecUnexpectedFile", `this file is not part of the spec layout; move it (see README.md, "How to change the spec") or delete it.`),
      );
      continue;
    }
    classified.push({ file, kind });
    problems.push(...checkShape(file, kind));
  }
  const loadedNames = new Set(loaded.files.map((f) => f.name));
  const failedToLoad = new Set(loaded.diagnostics.map((d) => d.loc.file));
  for (const name of Object.keys(REQUIRED_FILES)) {
    const path = `${specDisplayDir}/${name}`;
    if (!loadedNames.has(name) && !failedToLoad.has(path)) {
      problems.push(diagnostic({ file: path, line: 1, col: 1 }, "SpecMissingFile", `the spec needs ${name}; create it.`));
    }
  }
  if (problems.length > 0) return { diagnostics: sortDiagnostics(problems) };

  const sources = group(classified);
  const ctx = ruleContext(sources);
  for (const rule of CROSS_RULES) problems.push(...rule.check(ctx));
  return problems.length > 0 ? { diagnostics: sortDiagnostics(problems) } : { sources, diagnostics: [] };
}
