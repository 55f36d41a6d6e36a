/**
 * `flowspec release` on a temporary project: it bumps to the smallest acceptable version, records
 * the release (releases.json, release/spec, examples.json), regenerates every changelog with the
 * dated section and every package at the new version, packs every package into one folder, and
 * leaves a project whose release check passes.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { tempProject } from "../support/temp-project.js";
import { actionPath, editYaml } from "../support/yaml-edits.js";
import { LAST, NEXT_MAJOR, NEXT_MINOR, read, RECORDED_VERSIONS, releaseProject } from "./release-project.js";

describe("flowspec release", () => {
  it("bumps, records, regenerates and packs", async () => {
    const { root, specDir } = releaseProject();
    editYaml(specDir, "records/flow.yaml", (doc) => doc.setIn(["records", "CreateFlowRequestContent", "properties", "note"], { type: "string" }));

    const run = await runCli(["release", "--date", "2026-12-01", "--notes", "Flows take a note.", "--pack-dir", "out"], root);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(`released ${NEXT_MINOR} (minor since ${LAST.version}): 1 change(s), 0 rejected example(s)`);
    expect(run.code).toBe(0);

    expect(read(root, "spec/flowspec.yaml")).toContain(`\nspecVersion: ${NEXT_MINOR}\n`);
    const record = JSON.parse(read(root, "release/releases.json")) as { releases: { version: string; date: string; notes: string; changes: { where: string }[] }[] };
    expect(record.releases.map((r) => r.version)).toEqual([NEXT_MINOR, ...RECORDED_VERSIONS]);
    expect(record.releases[0]).toMatchObject({ date: "2026-12-01", notes: "Flows take a note.", changes: [{ where: "record CreateFlowRequestContent.note" }] });
    expect(read(root, "release/spec/records/flow.yaml")).toBe(read(root, "spec/records/flow.yaml"));
    expect(JSON.parse(read(root, "release/examples.json")).examples.length).toBeGreaterThan(60);

    expect(read(root, "CHANGELOG.md")).toContain(`## ${NEXT_MINOR} — 2026-12-01\n\nFlows take a note.\n\n### Added\n\n- **minor** \`record CreateFlowRequestContent.note\`: \`added (optional)\`\n`);
    for (const folder of ["tool", "packages/schema", "packages/types", "packages/validator", "packages/reference"]) {
      expect(JSON.parse(read(root, `${folder}/package.json`)).version, folder).toBe(NEXT_MINOR);
      expect(read(root, `${folder}/CHANGELOG.md`), folder).toContain(`## ${NEXT_MINOR} — 2026-12-01`);
    }
    expect(readdirSync(join(root, "out")).sort()).toEqual(["reference", "schema", "tool", "types", "validator"].map((name) => `flowspec-${name}-${NEXT_MINOR}.tgz`));

    const check = await runCli(["release", "--check"], root);
    expect(check.stdout.trim().split("\n").at(-1)).toBe(`ok: the spec is release ${NEXT_MINOR}`);
    expect((await runCli(["generate", "--check"], root)).code).toBe(0);
  });

  it("refuses a version below what the changes need, and changes nothing", async () => {
    const { root, specDir } = releaseProject();
    editYaml(specDir, "flow-actions/flow.yaml", (doc) => doc.setIn([...actionPath(doc, "ERROR_MESSAGE"), "params", "properties", "message", "maxLength"], 1024));
    const before = read(root, "release/releases.json");
    const run = await runCli(["release", "--version", NEXT_MINOR, "--no-pack"], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`--version ${NEXT_MINOR}: the changes since ${LAST.version} need at least ${NEXT_MAJOR}`);
    expect(read(root, "release/releases.json")).toBe(before);
    expect(existsSync(join(root, "packs"))).toBe(false);
  });

  it("starts the record of a project that has none: its spec becomes the first release", async () => {
    const project = tempProject();
    const missing = await runCli(["release", "--check"], project.root);
    expect(missing.stderr).toContain("no release record at release/releases.json; `flowspec release` writes the first one");
    const run = await runCli(["release", "--no-pack", "--date", "2026-12-01"], project.root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const record = JSON.parse(read(project.root, "release/releases.json")) as { packages: string[]; releases: unknown[] };
    expect(record.packages).toEqual(["packages/schema", "packages/types", "packages/validator", "packages/reference", "packages/fixtures"]);
    expect(record.releases).toEqual([{ version: "0.1.0", date: "2026-12-01", notes: "The first release.", changes: [] }]);
    expect(read(project.root, "CHANGELOG.md")).toContain("## 0.1.0 — 2026-12-01\n\nThe first release.\n");
    expect(read(project.root, "packages/schema/CHANGELOG.md")).toContain("## 0.1.0 — 2026-12-01");
    const check = await runCli(["release", "--check"], project.root);
    expect(check.stdout.trim().split("\n").at(-1)).toBe("ok: the spec is release 0.1.0");
  });

  it("takes no release options with --check", async () => {
    const { root } = releaseProject();
    const run = await runCli(["release", "--check", "--version", "3.0.0"], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--check writes nothing; --version go with a release");
  });

  it("answers a --version that is not a version as a usage error, naming the option", async () => {
    const { root } = releaseProject();
    const before = read(root, "release/releases.json");
    const run = await runCli(["release", "--version", "banana", "--no-pack"], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("flowspec release: --version banana: use a semantic version, X.Y.Z\n");
    expect(read(root, "release/releases.json")).toBe(before);
  });
});
