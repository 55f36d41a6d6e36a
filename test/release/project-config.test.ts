/**
 * `flowspec.config.*`: another project's folders and package identity, read by `generate` and
 * `release` (flags win). The packages carry the project's names and repository, never flowspec's.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { snapshotTree, tempProject } from "../support/temp-project.js";
import { releaseProject } from "./release-project.js";

describe("flowspec.config.*", () => {
  it("gives generate its folders, the packages' npm names and their repository", async () => {
    const project = tempProject();
    mkdirSync(join(project.root, "api"));
    renameSync(project.specDir, join(project.root, "api/spec"));
    const config = ["spec: api/spec", "out: api/packages", 'scope: "@acme"', "names: {validator: '@acme/flows-validator'}", "repository: https://github.com/acme/flows.git", ""];
    writeFileSync(join(project.root, "flowspec.config.yaml"), config.join("\n"));
    const run = await runCli(["generate"], project.root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const files = snapshotTree(join(project.root, "api/packages"));
    const manifest = (name: string) => JSON.parse(files.get(`${name}/package.json`)!) as Record<string, unknown>;
    expect(manifest("schema").name).toBe("@acme/schema");
    expect(manifest("validator").name).toBe("@acme/flows-validator");
    expect(manifest("types")).toMatchObject({ repository: { type: "git", url: "git+https://github.com/acme/flows.git" }, homepage: "https://github.com/acme/flows#readme", bugs: { url: "https://github.com/acme/flows/issues" } });
    expect(files.get("validator/README.md")).toContain('from "@acme/flows-validator/service"');
    expect([...files].filter(([, text]) => /@flowspec\/|github\.com\/flowspec/.test(text)).map(([path]) => path)).toEqual([]);
    expect((await runCli(["generate", "--check"], project.root)).code).toBe(0);
    // A flag wins over the file.
    expect((await runCli(["generate", "--out", "elsewhere"], project.root)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(project.root, "elsewhere/types/package.json"), "utf8")).name).toBe("@acme/types");
  });

  it("gives validate the folders generate wrote to", async () => {
    const project = tempProject();
    writeFileSync(join(project.root, "flowspec.config.json"), JSON.stringify({ out: "gen" }));
    expect((await runCli(["generate"], project.root)).code).toBe(0);
    writeFileSync(join(project.root, "flow.json"), JSON.stringify({ name: "From the config" }));
    const run = await runCli(["validate", "flow.json", "--as", "CreateFlowRequestContent"], project.root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  it("gives release --check its folders", async () => {
    const { root } = releaseProject();
    mkdirSync(join(root, "api"));
    for (const folder of ["spec", "release", "packages", "tool"]) renameSync(join(root, folder), join(root, "api", folder));
    expect((await runCli(["release", "--check"], root)).code).toBe(1);
    writeFileSync(join(root, "flowspec.config.json"), JSON.stringify({ spec: "api/spec", out: "api/packages" }));
    const check = await runCli(["release", "--check"], root);
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
  });

  it("is a usage error when it says something wrong, naming what", async () => {
    const project = tempProject();
    writeFileSync(join(project.root, "flowspec.config.json"), JSON.stringify({ scope: "acme", out: "x" }));
    const run = await runCli(["generate"], project.root);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("flowspec generate: flowspec.config.json: scope must look like @name (npm's rules: lower case), not acme\n");
    writeFileSync(join(project.root, "flowspec.config.json"), JSON.stringify({ output: "x" }));
    expect((await runCli(["release", "--check"], project.root)).stderr).toBe("flowspec release: flowspec.config.json: unknown key output; the keys are spec, out, releaseDir, scope, names, repository\n");
  });
});
