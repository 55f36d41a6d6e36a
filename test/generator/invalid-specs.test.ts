/**
 * Every invalid fixture produces exactly its golden diagnostics (file:line:col, code) and writes
 * nothing. Goldens live beside each fixture in expected.txt; `UPDATE_GOLDEN=1` rewrites them (review
 * the diff), and a fixture without one fails.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../generator/src/base/diagnostics.js";
import { generate } from "../../generator/src/pipeline/generate.js";
import { INVALID_FIXTURES } from "../support/paths.js";
import { snapshotTree, tempProject } from "../support/temp-project.js";

const fixtures = readdirSync(INVALID_FIXTURES).sort();

describe("invalid specs", () => {
  it("has fixtures to run", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
  });

  for (const name of fixtures) {
    it(`${name}: reports its golden diagnostics and writes nothing`, () => {
      const dir = join(INVALID_FIXTURES, name);
      const project = tempProject(undefined, dir);
      const result = generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root });
      const actual = result.diagnostics.map(formatDiagnostic).join("\n") + "\n";
      const golden = join(dir, "expected.txt");
      if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, actual);
      expect(existsSync(golden), `${name} has no expected.txt; write it with UPDATE_GOLDEN=1 and review it`).toBe(true);
      expect(actual).toBe(readFileSync(golden, "utf8"));
      expect(result.diagnostics.length).toBeGreaterThan(0);
      expect(result.files).toEqual([]);
      expect(snapshotTree(project.outDir).size).toBe(0);
    });
  }

  it("collects every problem of a spec with several errors, across files and rules", () => {
    const project = tempProject(undefined, join(INVALID_FIXTURES, "many-errors"));
    const result = generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root });
    const codes = new Set(result.diagnostics.map((d) => d.code));
    for (const code of ["SpecDuplicateVariant", "SpecMissingParams", "SpecUnknownFormat", "SpecInvalidBounds", "SpecRequiredNotDeclared", "SpecLimitMismatch", "SpecUnknownReference", "SpecNonLinearPattern"]) {
      expect(codes, code).toContain(code);
    }
    const files = new Set(result.diagnostics.map((d) => d.loc.file));
    expect(files.size).toBeGreaterThanOrEqual(3);
  });
});
