/**
 * The release gate as `npm test` runs it (`flowspec release --check`), in process on temporary
 * projects: a spec edit without a bump fails and names the bump; the bump plus `generate` passes
 * and writes the changelog entry; a package left at another version fails; and an example of the
 * last release that the new validator rejects needs a major, whatever the rules said.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { runCli } from "../support/run-cli.js";
import { editYaml, setVersion } from "../support/yaml-edits.js";
import { LAST, NEXT_MAJOR, NEXT_MINOR, read, releaseProject } from "./release-project.js";

const addOptionalNote = (specDir: string) =>
  editYaml(specDir, "records/flow.yaml", (doc) => doc.setIn(["records", "CreateFlowRequestContent", "properties", "note"], { type: "string" }));

describe("flowspec release --check", () => {
  it("passes when the spec is the last release", async () => {
    const { root } = releaseProject();
    const run = await runCli(["release", "--check"], root);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(`changes since ${LAST.version}: none`);
    expect(run.stdout).toContain(`package versions: all ${LAST.version}`);
    expect(run.stdout.trim().split("\n").at(-1)).toBe(`ok: the spec is release ${LAST.version}`);
    expect(run.code).toBe(0);
  });

  it("fails a spec edit without a bump, naming the change and the smallest acceptable version; the bump plus generate passes and writes the changelog", async () => {
    const { root, specDir } = releaseProject();
    addOptionalNote(specDir);
    expect((await runCli(["generate"], root)).code).toBe(0);

    const stale = await runCli(["release", "--check"], root);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(`changes since ${LAST.version}: 1\n  minor  record CreateFlowRequestContent.note added (optional)\n`);
    expect(stale.stderr).toContain(`needed: minor (the rules: minor; the examples: none) → at least ${NEXT_MINOR}`);
    expect(stale.stderr).toContain(`error: specVersion ${LAST.version} is not enough: the smallest acceptable version is ${NEXT_MINOR} (a minor bump from ${LAST.version}).`);

    setVersion(specDir, NEXT_MINOR);
    expect((await runCli(["generate"], root)).code).toBe(0);
    const changelog = read(root, "CHANGELOG.md");
    expect(changelog).toContain(`## ${NEXT_MINOR} — unreleased\n\n### Added\n\n- **minor** \`record CreateFlowRequestContent.note\`: \`added (optional)\`\n\n## ${LAST.version} — ${LAST.date}`);
    expect(read(root, "packages/types/CHANGELOG.md")).toContain(`## ${NEXT_MINOR} — unreleased\n\n### Added\n\n- **minor** \`record CreateFlowRequestContent.note\``);
    expect(JSON.parse(read(root, "tool/package.json")).version).toBe(NEXT_MINOR);
    expect(JSON.parse(read(root, "packages/validator/package.json")).version).toBe(NEXT_MINOR);

    const bumped = await runCli(["release", "--check"], root);
    expect(bumped.stderr).toBe("");
    expect(bumped.stdout.trim().split("\n").at(-1)).toBe(`ok: specVersion ${NEXT_MINOR} is at least ${NEXT_MINOR}`);
    expect(bumped.code).toBe(0);
    expect((await runCli(["generate", "--check"], root)).code).toBe(0);
  });

  it("fails when a published package's version is not specVersion", async () => {
    const { root } = releaseProject();
    writeFileSync(join(root, "tool/package.json"), read(root, "tool/package.json").replace(`"${LAST.version}"`, '"0.0.9"'));
    const run = await runCli(["release", "--check"], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`package versions: 1 not ${LAST.version}\n  tool/package.json says 0.0.9: set "version": "${LAST.version}" (flowspec release does)`);
    const drift = await runCli(["generate", "--check"], root);
    expect(drift.stderr).toContain("stale: ../tool/package.json");
  });

  it("needs a major when an example of the last release is rejected, even with no change the rules see", async () => {
    const { root, releaseDir } = releaseProject();
    const file = join(releaseDir, "examples.json");
    const kept = JSON.parse(readFileSync(file, "utf8")) as { examples: unknown[] };
    kept.examples.push({ source: "reference/records.md:1", type: "CreateFlowRequestContent", value: { name: "" } });
    writeFileSync(file, JSON.stringify(kept));
    const run = await runCli(["release", "--check"], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`changes since ${LAST.version}: none`);
    expect(run.stderr).toMatch(/\n {2}rejected: reference\/records\.md:1 \(CreateFlowRequestContent\): \/name: .+\n/);
    expect(run.stderr).toContain(`needed: major (the rules: none; the examples: major) → at least ${NEXT_MAJOR}`);
  });

  it("reports a broken record at its file and compares nothing", async () => {
    const { root, releaseDir } = releaseProject();
    writeFileSync(join(releaseDir, "releases.json"), '{ "packages": [], "releases": [{ "version": "two" }] }\n');
    const run = await runCli(["release", "--check"], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("release/releases.json:1:1 error ReleaseRecordInvalid: releases[0].version is not a version (x.y.z)");
    const generated = await runCli(["generate"], root);
    expect(generated.code).toBe(1);
    expect(generated.stderr).toContain("ReleaseRecordInvalid");
  });

  it.each(["../victim", "/tmp/victim", "tool/../../victim", "packages\\types", "release/spec", ""])("refuses a package folder %j outside the project, writing nothing there (issue 23)", async (folder) => {
    const { root, releaseDir } = releaseProject();
    const victim = join(root, "..", `victim-${root.split("-").at(-1)}`);
    mkdirSync(victim, { recursive: true });
    onTestFinished(() => rmSync(victim, { recursive: true, force: true }));
    writeFileSync(join(victim, "LICENSE"), "theirs\n");
    const record = JSON.parse(readFileSync(join(releaseDir, "releases.json"), "utf8")) as { packages: string[] };
    const named = folder.replace("victim", victim.split("/").at(-1)!);
    record.packages = [...record.packages, named];
    writeFileSync(join(releaseDir, "releases.json"), `${JSON.stringify(record, null, 2)}\n`);
    const generated = await runCli(["generate"], root);
    expect(generated.code).toBe(1);
    expect(generated.stderr).toMatch(new RegExp(`release/releases\\.json:\\d+:\\d+ error ReleaseRecordInvalid: packages\\[5\\] `));
    expect(readFileSync(join(victim, "LICENSE"), "utf8")).toBe("theirs\n");
    expect((await runCli(["release", "--check"], root)).code).toBe(1);
  });
});
