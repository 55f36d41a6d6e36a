/**
 * `--check` finds every kind of drift and writes nothing; a normal run writes only what changed,
 * removes orphans, and leaves everything as it was when it fails part-way.
 */
import * as fs from "node:fs";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../generator/src/generate.js";
import { snapshotTree, tempProject } from "../support/temp-project.js";

function freshlyGenerated() {
  const project = tempProject();
  const first = generate({ specDir: project.specDir, outDir: project.outDir, displayRoot: project.root });
  expect(first.diagnostics).toEqual([]);
  return project;
}

describe("--check", () => {
  it("passes on freshly generated output", () => {
    const project = freshlyGenerated();
    const result = generate({ specDir: project.specDir, outDir: project.outDir, check: true });
    expect(result.upToDate).toBe(true);
  });

  it("reports every stale, missing and orphan file at once, and writes nothing", () => {
    const project = freshlyGenerated();
    writeFileSync(join(project.outDir, "schema/index.json"), "{}\n");
    writeFileSync(join(project.outDir, "schema/README.md"), "edited by hand\n");
    rmSync(join(project.outDir, "schema/FlowAction.schema.json"));
    writeFileSync(join(project.outDir, "schema/Leftover.schema.json"), "{}\n");
    const before = snapshotTree(project.outDir);

    const result = generate({ specDir: project.specDir, outDir: project.outDir, check: true });
    expect(result.upToDate).toBe(false);
    const drift = result.plan!.files.filter((f) => f.state !== "unchanged").map((f) => `${f.state} ${f.file.path}`);
    expect(drift.sort()).toEqual(["missing schema/FlowAction.schema.json", "stale schema/README.md", "stale schema/index.json"]);
    expect(result.plan!.orphans).toEqual(["schema/Leftover.schema.json"]);
    expect(snapshotTree(project.outDir)).toEqual(before);
  });
});

describe("write", () => {
  it("rewrites only files whose bytes changed and removes orphans", () => {
    const project = freshlyGenerated();
    writeFileSync(join(project.outDir, "schema/index.json"), "{}\n");
    writeFileSync(join(project.outDir, "schema/Leftover.schema.json"), "{}\n");
    const result = generate({ specDir: project.specDir, outDir: project.outDir });
    expect(result.written!.written).toEqual(["schema/index.json"]);
    expect(result.written!.removed).toEqual(["schema/Leftover.schema.json"]);
    expect(generate({ specDir: project.specDir, outDir: project.outDir, check: true }).upToDate).toBe(true);
  });

  it("leaves every package as it was when a write fails part-way", () => {
    const project = freshlyGenerated();
    // Make two files stale, then make the folder of one of the new files unwritable.
    writeFileSync(join(project.outDir, "schema/index.json"), "{}\n");
    writeFileSync(join(project.outDir, "schema/README.md"), "old\n");
    rmSync(join(project.outDir, "schema/VaultConnectionId.schema.json"));
    const before = snapshotTree(project.outDir);
    // A file where a folder must go: staging the first file under it fails.
    rmSync(join(project.outDir, "schema"), { recursive: true });
    writeFileSync(join(project.outDir, "schema"), "not a folder\n");
    const blocked = snapshotTree(project.outDir);
    expect(() => generate({ specDir: project.specDir, outDir: project.outDir })).toThrow();
    expect(snapshotTree(project.outDir)).toEqual(blocked);
    expect(readdirSync(project.outDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(before.size).toBeGreaterThan(0);
  });

  it("puts every file back when a file cannot be moved into place", () => {
    const project = freshlyGenerated();
    writeFileSync(join(project.outDir, "schema/README.md"), "old\n");
    writeFileSync(join(project.outDir, "schema/index.json"), "{}\n");
    writeFileSync(join(project.outDir, "schema/package.json"), "{}\n");
    const before = snapshotTree(project.outDir);
    // package.json is swapped in last: failing its rename comes after the other two were replaced.
    const failingFs = {
      ...fs,
      renameSync(from: fs.PathLike, to: fs.PathLike) {
        if (/package\.json\.flowspec-\d+\.tmp$/.test(String(from))) throw new Error("disk full");
        fs.renameSync(from, to);
      },
    };
    expect(() => generate({ specDir: project.specDir, outDir: project.outDir, fs: failingFs })).toThrow("disk full");
    expect(snapshotTree(project.outDir)).toEqual(before);
  });
});

