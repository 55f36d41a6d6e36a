/**
 * The spec language's shape checks as the build writes them (Ajv's standalone code in
 * `generator/dist/precompiled/`, which every process runs instead of compiling the schemas) are
 * current, and answer as the checks Ajv compiles from the schemas at run time, the way a process
 * does when the digest does not match: the same verdict and the same errors on every file of the
 * real spec, on every file of the invalid fixtures, and on broken copies of the real files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import type { ValidateFunction } from "ajv";
import { LineCounter } from "yaml";
import { describe, expect, it } from "vitest";
import { GENERATOR_ROOT } from "../../generator/src/base/generator-root.js";
import { parseYaml } from "../../generator/src/load/yaml-document.js";
import { addFileSchemas, fileShapesDigest, PRECOMPILED_FILE_SHAPES } from "../../generator/src/check/file-shapes.js";
import { shapeAjv } from "../../generator/src/check/shape-check.js";
import { fileKind, FILE_SCHEMAS, type FileKind } from "../../generator/src/spec-language/layout.js";
import { INVALID_FIXTURES, REAL_SPEC } from "../support/paths.js";

const built = createRequire(import.meta.url)(`${GENERATOR_ROOT}${PRECOMPILED_FILE_SHAPES}`) as { digest: string } & Record<FileKind, ValidateFunction>;

const compiledAjv = shapeAjv();
addFileSchemas(compiledAjv);
const compiled = (kind: FileKind): ValidateFunction => compiledAjv.getSchema(kind)!;

/**
 * Every YAML file under `dir` that the spec layout gives a kind, with its kind and data; a file the
 * loader refuses before its shape is checked (an alias bomb, a syntax error) is left out.
 */
function specFiles(dir: string, root = dir): { name: string; kind: FileKind; data: unknown }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return specFiles(path, root);
    const kind = fileKind(relative(root, path).split("\\").join("/"));
    if (kind === undefined) return [];
    const { doc, problems } = parseYaml(readFileSync(path, "utf8"), new LineCounter());
    if (problems.length > 0) return [];
    try {
      return [{ name: relative(INVALID_FIXTURES, path), kind, data: doc.toJS({ maxAliasCount: 100 }) as unknown }];
    } catch {
      return []; // the expansion limit: refused before the shape check, like a syntax error
    }
  });
}

/** What a diagnostic is made of: where, which rule, and what it says. */
function answer(validate: ValidateFunction, data: unknown) {
  const valid = validate(data);
  const errors = (validate.errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({ instancePath, schemaPath, keyword, params, message }));
  return { valid, errors };
}

/** A broken copy of a file's data: an unknown key at the top, and each top-level value a number. */
function broken(data: unknown): unknown[] {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return [42];
  const entries = Object.entries(data);
  return [{ ...data, not_in_the_language: true }, Object.fromEntries(entries.map(([key]) => [key, 42])), [data]];
}

describe("the precompiled spec-language shape checks", () => {
  it("are the build's current ones (their digest is the schemas'), so a process runs them", () => {
    expect(built.digest).toBe(fileShapesDigest());
    for (const kind of Object.keys(FILE_SCHEMAS) as FileKind[]) expect(typeof built[kind], kind).toBe("function");
  });

  const realFiles = specFiles(REAL_SPEC);
  const invalidFiles = readdirSync(INVALID_FIXTURES).flatMap((fixture) => specFiles(join(INVALID_FIXTURES, fixture)));

  it("give Ajv's verdicts and errors on every file of the real spec and broken copies of them", () => {
    expect(realFiles.length).toBeGreaterThan(30);
    let errors = 0;
    for (const file of realFiles) {
      for (const data of [file.data, ...broken(file.data)]) {
        const expected = answer(compiled(file.kind), data);
        expect(answer(built[file.kind], data), file.name).toEqual(expected);
        errors += expected.errors.length;
      }
    }
    expect(errors, "the broken copies exercise the error paths").toBeGreaterThan(realFiles.length * 2);
  });

  it("give Ajv's verdicts and errors on every file of the invalid fixtures", () => {
    expect(invalidFiles.length).toBeGreaterThan(20);
    for (const file of invalidFiles) expect(answer(built[file.kind], file.data), file.name).toEqual(answer(compiled(file.kind), file.data));
  });
});
