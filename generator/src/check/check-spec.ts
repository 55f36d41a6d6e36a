/**
 * Stage 2, check: the loaded files against the spec language (`spec-language/`, one schema per
 * kind of file), then the cross rules (`rules/`). Every problem is collected; none stops the
 * others, except that cross rules run only once every file has the shape they read. The one rule
 * that needs the IR, the type-name rule, runs in `loadIr` once the IR is built.
 */
import { diagnostic, sortDiagnostics, type Diagnostic } from "../base/diagnostics.js";
import type { LoadedSpec, SpecFile } from "../load/load-spec.js";
import { fileKind, REQUIRED_FILES, type FileKind } from "../spec-language/layout.js";
import { fileShapeValidator } from "./file-shapes.js";
import { shapeDiagnostics } from "./shape-check.js";
import { ruleContext } from "./rule-context.js";
import { CROSS_RULES } from "./rules/index.js";
import type { SpecSources, Typed } from "./spec-sources.js";

export interface CheckResult {
  readonly sources?: SpecSources;
  readonly diagnostics: readonly Diagnostic[];
}

function checkShape(file: SpecFile, kind: FileKind): Diagnostic[] {
  return shapeDiagnostics(file, fileShapeValidator(kind));
}

function group(files: readonly { file: SpecFile; kind: FileKind }[]): SpecSources {
  const typed = <K extends FileKind>(hit: { file: SpecFile }) => ({ file: hit.file, data: hit.file.data }) as Typed<K>;
  const one = <K extends FileKind>(kind: K) => typed<K>(files.find((f) => f.kind === kind)!);
  const many = <K extends FileKind>(kind: K) => files.filter((f) => f.kind === kind).map((f) => typed<K>(f));
  const hasDisagreements = files.some((f) => f.kind === "disagreements");
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
    ...(hasDisagreements ? { disagreements: one("disagreements") } : {}),
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
