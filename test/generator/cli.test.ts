/**
 * The `flowspec` command as a build step of another project runs it: in process through
 * `main(argv)`, and once as a real process through the bin, so the launcher is covered too.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INVALID_FIXTURES, REPO_ROOT } from "../support/paths.js";
import { runCli } from "../support/run-cli.js";
import { snapshotTree, tempProject } from "../support/temp-project.js";

const BIN = join(REPO_ROOT, "generator", "bin", "flowspec.js");

describe("flowspec generate", () => {
  it("generates, then --check passes; drift makes --check exit 1 and lists every file", async () => {
    const project = tempProject();
    const generated = await runCli(["generate"], project.root);
    expect(generated.stderr).toBe("");
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/^schema: 13 files, 13 written, 0 removed$/m);

    expect((await runCli(["generate", "--check"], project.root)).code).toBe(0);

    writeFileSync(join(project.outDir, "schema/index.json"), "{}\n");
    rmSync(join(project.outDir, "schema/README.md"));
    writeFileSync(join(project.outDir, "schema/Extra.schema.json"), "{}\n");
    const before = snapshotTree(project.outDir);
    const check = await runCli(["generate", "--check"], project.root);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("stale: schema/index.json");
    expect(check.stderr).toContain("missing: schema/README.md");
    expect(check.stderr).toContain("orphan: schema/Extra.schema.json");
    expect(snapshotTree(project.outDir)).toEqual(before);
  });

  it("takes --spec and --out", async () => {
    const project = tempProject();
    const run = await runCli(["generate", "--spec", "spec", "--out", "elsewhere"], project.root);
    expect(run.code).toBe(0);
    expect(snapshotTree(join(project.root, "elsewhere")).has("schema/index.json")).toBe(true);
  });

  it("prints each spec problem as file:line:col error Code: message, exits 1 and writes nothing", async () => {
    const project = tempProject(undefined, join(INVALID_FIXTURES, "unknown-format"));
    const run = await runCli(["generate"], project.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("spec/flow-actions/stripe.yaml:13:36 error SpecUnknownFormat: format `customer-id` is not defined");
    expect(run.stderr).toContain("nothing was written");
    expect(snapshotTree(project.outDir).size).toBe(0);
  });

  it("says when the spec folder does not exist", async () => {
    const run = await runCli(["generate", "--spec", "nowhere"], tempProject().root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("nowhere:1:1 error SpecMissingFile: the spec folder does not exist");
  });

  it("explains its usage on a wrong call, and on --help", async () => {
    const root = tempProject().root;
    for (const argv of [["generate", "--nope"], ["generate", "extra"], ["generate", "--diff"]]) {
      const run = await runCli(argv, root);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr).toContain("usage: flowspec generate");
    }
    const help = await runCli(["generate", "--help"], root);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("usage: flowspec generate");
  });

  it("shows the drift as a unified diff with --check --diff, and writes nothing", async () => {
    const project = tempProject();
    await runCli(["generate"], project.root);
    const index = join(project.outDir, "schema/index.json");
    const original = readFileSync(index, "utf8");
    writeFileSync(index, original.replace('"version"', '"versio"'));
    writeFileSync(join(project.outDir, "schema/Extra.schema.json"), "{}\n");
    const run = await runCli(["generate", "--check", "--diff"], project.root);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("--- a/schema/index.json\n+++ b/schema/index.json\n@@ ");
    expect(run.stdout).toMatch(/^- {2}"versio":/m);
    expect(run.stdout).toMatch(/^\+ {2}"version":/m);
    expect(run.stdout).toContain("--- a/schema/Extra.schema.json\n+++ /dev/null");
    expect(readFileSync(index, "utf8")).not.toBe(original);
  });
});

describe("the bin, as a process", () => {
  it("runs the command and sets the exit code", () => {
    const project = tempProject(undefined, join(INVALID_FIXTURES, "unknown-format"));
    const run = spawnSync(process.execPath, [BIN, "generate"], { cwd: project.root, encoding: "utf8" });
    expect(run.stderr).toContain("error SpecUnknownFormat");
    expect(run.status).toBe(1);
  });
});
