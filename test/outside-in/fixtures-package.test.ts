/**
 * `@flowspec/fixtures` installed by npm from its tarball, with fast-check from npm beside it: its
 * arbitraries read their shape table from a JSON file of the package, which the ES module imports
 * (an import attribute) and the CommonJS module requires. Both must load it from where npm put it,
 * and an esbuild bundle of a consumer must carry it as it carries `fixtures.json` for the main
 * entry. The values are checked by the installed validator.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmProject, type OwnNpmProject } from "../support/npm-install.js";

let project: OwnNpmProject;

beforeAll(() => {
  project = npmProject(["packages/types", "packages/validator", "packages/fixtures"], ["fast-check"]);
}, 120_000);
afterAll(() => project?.remove());

/** What a consumer reports: how many names each list has, and whether sampled values are valid. */
const REPORT = [
  "const fc = FC.default ?? FC;",
  "const keys = A.VARIANT_KEYS;",
  "const values = keys.flatMap((key) => fc.sample(A.variantArbitrary(key), { seed: 7, numRuns: 2 }));",
  "const records = A.RECORD_NAMES.flatMap((name) => fc.sample(A.recordArbitrary(name), { seed: 7, numRuns: 2 }).map((value) => [name, value]));",
  "const invalid = fc.sample(A.invalidVariantArbitrary(keys[0]), { seed: 7, numRuns: 5 });",
  "const report = {",
  "  variants: keys.length,",
  "  fixtureVariants: Object.keys(F.FIXTURES.variants).length,",
  "  records: A.RECORD_NAMES.length,",
  "  validVariants: values.every((value) => V.validateFlowAction(value).ok),",
  "  validCreateFlow: records.filter(([name]) => name === 'CreateFlowRequestContent').every(([, value]) => V.validateCreateFlowRequest(value).ok),",
  "  invalidRejected: invalid.every(({ value }) => !V.validateFlowAction(value).ok),",
  "};",
  "console.log(JSON.stringify(report));",
].join("\n");

const ESM = [
  'import * as A from "@flowspec/fixtures/arbitraries";',
  'import * as F from "@flowspec/fixtures";',
  'import * as V from "@flowspec/validator";',
  'import * as FC from "fast-check";',
  REPORT,
].join("\n");

const CJS = [
  'const A = require("@flowspec/fixtures/arbitraries");',
  'const F = require("@flowspec/fixtures");',
  'const V = require("@flowspec/validator");',
  'const FC = require("fast-check");',
  REPORT,
].join("\n");

function run(file: string): Record<string, unknown> {
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: project.root, encoding: "utf8" })) as Record<string, unknown>;
}

function expectSound(report: Record<string, unknown>): void {
  expect(report.variants).toBe(report.fixtureVariants);
  expect(report.variants).toBeGreaterThan(50);
  expect(report.records).toBe(6);
  expect(report).toMatchObject({ validVariants: true, validCreateFlow: true, invalidRejected: true });
}

describe("the arbitraries, installed by npm", () => {
  it("ships the shape table once, as a JSON file beside the two modules", () => {
    const dist = readdirSync(project.path("node_modules/@flowspec/fixtures/dist"));
    expect(dist).toContain("shape-table.json");
    for (const module of ["arbitraries.js", "arbitraries.cjs"]) {
      const text = readFileSync(project.path(`node_modules/@flowspec/fixtures/dist/${module}`), "utf8");
      expect(text, module).not.toContain('"AuthorizeQuery"');
    }
  });

  it.each([
    ["an ES module", "esm.mjs", ESM],
    ["a CommonJS module", "cjs.cjs", CJS],
  ])("load in %s and give valid values of every variant", (_, file, code) => {
    writeFileSync(project.path(file), code + "\n");
    expectSound(run(file));
  });

  it("bundle with esbuild, table and fixtures inlined", async () => {
    writeFileSync(project.path("entry.mjs"), ESM + "\n");
    const result = await build({ absWorkingDir: project.root, entryPoints: ["entry.mjs"], bundle: true, platform: "node", format: "esm", outfile: "bundle.mjs", logLevel: "silent" });
    expect(result.errors).toEqual([]);
    // Nothing left to load at run time: esbuild names the JSON files only in its path comments.
    const loads = [...readFileSync(project.path("bundle.mjs"), "utf8").matchAll(/(?:from\s*|require\()"([^"]*\.json)"/g)].map((m) => m[1]);
    expect(loads).toEqual([]);
    expectSound(run("bundle.mjs"));
  });
});
