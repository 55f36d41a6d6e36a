/**
 * The spec language as published JSON Schema (generator/spec-schema/): up to date with the
 * checker's own schemas, standalone, and right about the real spec, whose files each name their
 * schema in a yaml-language-server modeline, as a user's spec would.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { publishedSpecSchemas, SPEC_SCHEMA_FILES } from "../../generator/src/spec-language/published-schemas.js";
import { fileKind } from "../../generator/src/spec-language/layout.js";
import { REAL_SPEC, REPO_ROOT } from "../support/paths.js";

const SCHEMA_DIR = join(REPO_ROOT, "generator", "spec-schema");
const published = publishedSpecSchemas();

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? specFiles(join(dir, e.name)) : e.name.endsWith(".yaml") ? [join(dir, e.name)] : []));
}

describe("the published spec schemas", () => {
  it("are the checker's schemas, as committed (run `npx tsx scripts/write-spec-schemas.ts` after a change)", () => {
    expect(readdirSync(SCHEMA_DIR).sort()).toEqual(published.map((p) => p.fileName).sort());
    for (const { fileName, schema } of published) {
      expect(readFileSync(join(SCHEMA_DIR, fileName), "utf8"), fileName).toBe(`${JSON.stringify(schema, null, 2)}\n`);
    }
  });

  it("accept every file of the real spec, each named by its modeline", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validators = new Map(published.map(({ fileName, schema }) => [fileName, ajv.compile(schema)]));
    const files = specFiles(REAL_SPEC);
    expect(files.length).toBeGreaterThan(30);
    for (const path of files) {
      const name = relative(REAL_SPEC, path).split("\\").join("/");
      const text = readFileSync(path, "utf8");
      const expected = SPEC_SCHEMA_FILES[fileKind(name)!];
      const schemaPath = posix.relative(posix.dirname(`spec/${name}`), `generator/spec-schema/${expected}`);
      expect(text.split("\n")[0], name).toBe(`# yaml-language-server: $schema=${schemaPath}`);
      const validate = validators.get(expected)!;
      expect(validate(parse(text)), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("reject what the checker rejects: a misspelt key, a wrong type keyword, an open object that does not say so", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const records = ajv.compile(published.find((p) => p.fileName === "records.schema.json")!.schema);
    expect(records({ records: { A: { type: "object", additionalProperties: false, properties: { n: { type: "string", maxLenght: 3 } } } } })).toBe(false);
    expect(records({ records: { A: { type: "strng" } } })).toBe(false);
    expect(records({ records: { A: { type: "object", properties: {} } } })).toBe(false);
    expect(records({ records: { A: { type: "object", additionalProperties: false, properties: { n: { type: "string", maxLength: 3 } } } } })).toBe(true);
  });
});
