/**
 * What a process that runs the pipeline again reuses, and that it reuses nothing that changed: a
 * spec text parsed once is placed at each path it is read from, an unchanged spec gives the same
 * frozen IR, an edited one a new IR, a bundle is made again when a file esbuild read changes, and
 * the fixture check runs again for every pair of texts it has not found in agreement.
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { bundle } from "../../generator/src/emit/bundle.js";
import { FIXTURES_FILE } from "../../generator/src/emit/fixtures/emit-fixtures.js";
import { verifyEmittedFixtures } from "../../generator/src/emit/fixtures/verify-fixtures.js";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import { loadSpec } from "../../generator/src/load/load-spec.js";
import { PACKAGES } from "../support/paths.js";
import { runFolder } from "../support/temp-root.js";
import { tempProject } from "../support/temp-project.js";

describe("loadIr in one process", () => {
  it("gives the same frozen IR for an unchanged spec, and a new one once a file is edited", () => {
    const { root, specDir } = tempProject();
    const first = loadIr({ specDir, displayRoot: root });
    expect(first.ir).toBeDefined();
    expect(loadIr({ specDir, displayRoot: root }).ir).toBe(first.ir);
    expect(Object.isFrozen(first.ir!.records[0])).toBe(true);
    const rootFile = join(specDir, "flowspec.yaml");
    writeFileSync(rootFile, readFileSync(rootFile, "utf8").replace(/^title: .*$/m, "title: Edited"));
    const edited = loadIr({ specDir, displayRoot: root });
    expect(edited.ir).not.toBe(first.ir);
    expect(edited.ir!.title).toBe("Edited");
  });

  it("hands out loaded files whose position index cannot be changed for the next reader", () => {
    const { root, specDir } = tempProject();
    const file = loadSpec({ specDir, displayRoot: root }).files[0]!;
    const [pointer, position] = [...file.positions][0]!;
    expect(Object.isFrozen(position.value)).toBe(true);
    expect(() => {
      (position.value as { line: number }).line = 9999;
    }).toThrow(TypeError);
    expect(loadSpec({ specDir, displayRoot: root }).files[0]!.positions.get(pointer)!.value.line).not.toBe(9999);
  });

  it("places a text read before at the path it is read from now, in diagnostics and in the IR", () => {
    const projects = [tempProject(), tempProject()];
    for (const { specDir } of projects) appendFileSync(join(specDir, "formats.yaml"), "\nbroken: [closed\n");
    for (const { root, specDir } of projects) {
      const shown = relative(process.cwd(), join(specDir, "formats.yaml"));
      const { diagnostics } = loadIr({ specDir, displayRoot: process.cwd() });
      expect(diagnostics.map((d) => d.loc.file)).toContain(shown);
      expect(diagnostics.every((d) => d.loc.file.startsWith(relative(process.cwd(), root)))).toBe(true);
    }
    for (const { specDir } of [tempProject(), tempProject()]) {
      const { ir } = loadIr({ specDir, displayRoot: process.cwd() });
      expect(ir!.records.every((r) => r.loc.file.startsWith(`${relative(process.cwd(), specDir)}/`))).toBe(true);
    }
  });
});

describe("bundle in one process", () => {
  it("bundles an entry again when a file it imports changed, and not otherwise", () => {
    const dir = mkdtempSync(join(runFolder(), "flowspec-bundle-"));
    writeFileSync(join(dir, "value.js"), "export const value = 1;\n");
    const input = { entry: 'export { value } from "./value.js";\n', resolveDir: dir, root: dir, banner: "// one", sourcefile: "entry.js" };
    const first = bundle(input);
    expect(first.esm).toContain("value = 1");
    expect(bundle({ ...input, banner: "// two" }).esm).toBe(first.esm.replace("// one", "// two"));
    writeFileSync(join(dir, "value.js"), "export const value = 2;\n");
    const again = bundle(input);
    expect(again.esm).toContain("value = 2");
    expect(again.cjs).toContain("value = 2");
  });
});

describe("the fixture check in one process", () => {
  const fixturesText = readFileSync(join(PACKAGES, "fixtures", "fixtures.json"), "utf8");
  const validatorText = readFileSync(join(PACKAGES, "validator", "dist", "index.cjs"), "utf8");
  const files = (fixtures: string) => [
    { path: FIXTURES_FILE, contents: fixtures },
    { path: "validator/dist/index.cjs", contents: validatorText },
  ];
  // An invalid fixture that announces the wrong path: the validator disagrees.
  const tampered = fixturesText.replace(/"issue": ?\{"code":"required","path":"/, '"issue":{"code":"required","path":"/elsewhere');

  it("checks every new pair of texts, first or later, and never keeps one that disagrees", () => {
    expect(tampered).not.toBe(fixturesText);
    expect(() => verifyEmittedFixtures(files(tampered))).toThrow(/disagree with the validator/);
    verifyEmittedFixtures(files(fixturesText));
    verifyEmittedFixtures(files(fixturesText));
    expect(() => verifyEmittedFixtures(files(tampered))).toThrow(/disagree with the validator/);
    verifyEmittedFixtures(files(`${fixturesText} `));
    verifyEmittedFixtures(files(fixturesText));
    expect(() => verifyEmittedFixtures(files(tampered))).toThrow(/disagree with the validator/);
  });
});
