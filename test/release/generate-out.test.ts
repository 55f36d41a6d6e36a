/**
 * `generate --out DIR` touches nothing outside DIR: with a release record beside the spec, each
 * generated package's changelog goes into DIR with the package, and the project's own changelogs
 * and hand-written packages stay as they are. Without a record, a package's changelog (release
 * history only a record can rebuild) is kept, not removed as an orphan.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../generator/src/pipeline/generate.js";
import { snapshotTree } from "../support/temp-project.js";
import { read, releaseProject } from "./release-project.js";

describe("generate --out", () => {
  it("with a record beside the spec, writes the packages' changelogs into DIR and nothing outside it", () => {
    const project = releaseProject();
    const before = snapshotTree(project.root);
    const elsewhere = join(project.root, "elsewhere");
    const result = generate({ specDir: project.specDir, outDir: elsewhere, displayRoot: project.root });
    expect(result.diagnostics).toEqual([]);
    expect(result.files.filter((f) => f.path.startsWith("../")).map((f) => f.path)).toEqual([]);
    const after = snapshotTree(project.root);
    for (const [path, text] of before) expect(after.get(path), path).toBe(text);
    for (const name of ["schema", "types", "validator", "reference"]) {
      expect(read(elsewhere, `${name}/CHANGELOG.md`)).toBe(read(project.outDir, `${name}/CHANGELOG.md`));
    }
    expect(existsSync(join(elsewhere, "CHANGELOG.md"))).toBe(false);
  });

  it("without a record, keeps the changelogs already in DIR", () => {
    const project = releaseProject();
    const bare = join(project.root, "bare", "spec");
    mkdirSync(join(bare, ".."));
    cpSync(project.specDir, bare, { recursive: true });
    const changelog = read(project.outDir, "validator/CHANGELOG.md");
    const result = generate({ specDir: bare, outDir: project.outDir, displayRoot: project.root });
    expect(result.diagnostics).toEqual([]);
    expect(result.written!.removed).toEqual([]);
    expect(readFileSync(join(project.outDir, "validator/CHANGELOG.md"), "utf8")).toBe(changelog);
  });

  it("takes a hand-written package named like a generated one (tools/reference) as hand-written", () => {
    const project = releaseProject();
    mkdirSync(join(project.root, "tools", "reference"), { recursive: true });
    writeFileSync(join(project.root, "tools", "reference", "package.json"), '{\n  "name": "@acme/reference-tool",\n  "version": "0.0.0"\n}\n');
    const recordFile = join(project.releaseDir, "releases.json");
    const record = JSON.parse(readFileSync(recordFile, "utf8")) as { packages: string[] };
    writeFileSync(recordFile, `${JSON.stringify({ ...record, packages: [...record.packages, "tools/reference"] }, null, 2)}\n`);
    const result = generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root });
    expect(result.diagnostics).toEqual([]);
    const paths = result.files.map((f) => f.path);
    expect(paths.length, "each path once").toBe(new Set(paths).size);
    expect(paths).toEqual(expect.arrayContaining(["../CHANGELOG.md", "reference/CHANGELOG.md", "../tools/reference/CHANGELOG.md", "../tools/reference/package.json"]));
    expect(read(project.root, "tools/reference/CHANGELOG.md")).toContain("# Changelog: @acme/reference-tool");
  });
});
