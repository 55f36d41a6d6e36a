/**
 * The `flowspec` command as a build step of another project would run it.
 */
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INVALID_FIXTURES, snapshotTree, tempProject } from "./spec-fixture.ts";

const BIN = join(import.meta.dirname, "..", "..", "generator", "bin", "flowspec.js");

function flowspec(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("flowspec CLI", () => {
  it("generates, then --check passes; drift makes --check exit 1 and lists every file", () => {
    const project = tempProject();
    const generated = flowspec(["generate"], project.root);
    expect(generated.stderr).toBe("");
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/^schema: 13 files, 13 written, 0 removed$/m);

    expect(flowspec(["generate", "--check"], project.root).code).toBe(0);

    writeFileSync(join(project.outDir, "schema/index.json"), "{}\n");
    rmSync(join(project.outDir, "schema/README.md"));
    writeFileSync(join(project.outDir, "schema/Extra.schema.json"), "{}\n");
    const before = snapshotTree(project.outDir);
    const check = flowspec(["generate", "--check"], project.root);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("stale: schema/index.json");
    expect(check.stderr).toContain("missing: schema/README.md");
    expect(check.stderr).toContain("orphan: schema/Extra.schema.json");
    expect(snapshotTree(project.outDir)).toEqual(before);
  });

  it("takes --spec and --out", () => {
    const project = tempProject();
    const run = flowspec(["generate", "--spec", "spec", "--out", "elsewhere"], project.root);
    expect(run.code).toBe(0);
    expect(snapshotTree(join(project.root, "elsewhere")).has("schema/index.json")).toBe(true);
  });

  it("prints each spec problem as file:line:col error Code: message, exits 1 and writes nothing", () => {
    const project = tempProject(undefined, join(INVALID_FIXTURES, "unknown-format"));
    const run = flowspec(["generate"], project.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("spec/flow-actions/stripe.yaml:13:36 error SpecUnknownFormat: format `customer-id` is not defined");
    expect(run.stderr).toContain("nothing was written");
    expect(snapshotTree(project.outDir).size).toBe(0);
  });

  it("explains its usage on a wrong call", () => {
    const run = flowspec(["generat"], tempProject().root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("usage: flowspec generate");
  });
});
