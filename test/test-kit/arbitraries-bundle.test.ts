/**
 * The arbitraries bundle gets the shape table after esbuild has run, as a JSON file beside its two
 * modules that each loads (emit/fixtures/arbitraries-bundle.ts). Loaded as Node loads the package,
 * both of its modules must hold exactly the table they were given: here the real spec's, with a
 * record added whose keys and strings are what a hand-made string literal would get wrong (quotes,
 * backslashes, `</script>`, a line separator, non-ASCII) and a key plain objects inherit
 * (`constructor`). (The spec refuses `__proto__` keys, so no table holds one.)
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { arbitrariesBundle, SHAPE_TABLE_FILE } from "../../generator/src/emit/fixtures/arbitraries-bundle.js";
import { shapeTable } from "../../generator/src/emit/fixtures/shape-table.js";
import type { ShapeTable } from "../../generator/runtime/fixtures/shapes.js";
import { readTableFile, type TableFile } from "../../generator/runtime/fixtures/table-file.js";
import { realIr } from "../support/spec-ir.js";

const AWKWARD = 'say "hi" \\ </script> \u2028 é';
const real = shapeTable(realIr());
const table: ShapeTable = {
  ...real,
  records: {
    ...real.records,
    Awkward: {
      kind: "object",
      properties: [
        { name: "constructor", required: true, shape: { kind: "string", enum: [AWKWARD] } },
        { name: AWKWARD, required: true, shape: { kind: "string", enum: [AWKWARD] } },
      ],
      additional: false,
    },
  },
};

// The bundle imports fast-check by name: the folder links the repository's node_modules.
const dir = mkdtempSync(join(tmpdir(), "flowspec-arbitraries-bundle-"));
symlinkSync(join(import.meta.dirname, "..", "..", "node_modules"), join(dir, "node_modules"), "dir");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bundles = arbitrariesBundle(table, "// header");
writeFileSync(join(dir, "arbitraries.mjs"), bundles.esm);
writeFileSync(join(dir, "arbitraries.cjs"), bundles.cjs);
writeFileSync(join(dir, SHAPE_TABLE_FILE), bundles.table);

interface Module {
  readonly RECORD_NAMES: readonly string[];
  readonly VARIANT_KEYS: readonly string[];
  readonly recordArbitrary: (name: string) => fc.Arbitrary<unknown>;
}

describe.each([
  ["ES module", async () => (await import(pathToFileURL(join(dir, "arbitraries.mjs")).href)) as Module],
  ["CommonJS", async () => createRequire(join(dir, "index.js"))("./arbitraries.cjs") as Module],
])("the arbitraries bundle as %s", (_, load) => {
  it("names every record and variant of the table it was given", async () => {
    const module = await load();
    expect(module.RECORD_NAMES).toEqual(Object.keys(table.records));
    expect(module.VARIANT_KEYS).toEqual(Object.keys(table.variants));
  });

  it("keeps awkward keys and strings as they were", async () => {
    const [value] = fc.sample((await load()).recordArbitrary("Awkward"), { seed: 1, numRuns: 1 }) as [Record<string, unknown>];
    expect(Object.entries(value)).toEqual([
      ["constructor", AWKWARD],
      [AWKWARD, AWKWARD],
    ]);
  });
});

it("ships the table once, as the JSON file both modules load, each dispatch in it once", () => {
  const file = JSON.parse(bundles.table) as TableFile;
  expect(readTableFile(file)).toEqual(table);
  // One dispatch for a wrong type, one for a wrong action of each type, one per tagged union.
  const types = new Set(Object.values(table.variants).map((v) => (v.kind === "object" ? v.properties[0]?.shape : undefined)).map((s) => (s?.kind === "string" ? s.const : undefined)));
  expect(file.dispatches.filter((d) => d.code === "unknown_type")).toHaveLength(1);
  expect(file.dispatches.filter((d) => d.code === "unknown_action")).toHaveLength(types.size);
  expect(bundles.table.split('"unknown_type"')).toHaveLength(2);
  expect(bundles.esm).toContain(`import shapeTable from "./${SHAPE_TABLE_FILE}" with { type: "json" };`);
  expect(bundles.cjs).toContain(`require("./${SHAPE_TABLE_FILE}")`);
  for (const code of [bundles.esm, bundles.cjs]) {
    expect(code).not.toContain("JSON.parse(");
    expect(code).not.toContain("__flowspec_shape_table__");
    expect(code).not.toContain('"AuthorizeQuery"');
  }
});
