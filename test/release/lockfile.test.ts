/**
 * `flowspec release` moves package-lock.json with the packages: after it, npm itself finds nothing
 * to change in the lockfile (each released package's version, and the fixtures' exact ranges on
 * the types and the validator), and `release --check` names a lockfile left behind. The project is
 * an npm workspace whose lockfile npm wrote, offline: the packages depend on nothing outside it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { syncLockfile } from "../../generator/src/commands/release/lockfile.js";
import { runCli } from "../support/run-cli.js";
import { editYaml } from "../support/yaml-edits.js";
import { LAST, NEXT_MINOR, PUBLISHED, read, releaseProject } from "./release-project.js";

/** The record's packages plus the fixtures, which require the other packages at exactly their version. */
const FOLDERS = [...PUBLISHED, "packages/fixtures"];

/** What `npm install` writes for the project's lockfile (without installing anything). */
function npmLock(root: string): string {
  execFileSync("npm", ["install", "--package-lock-only", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: root, stdio: "pipe" });
  return read(root, "package-lock.json");
}

interface Lock {
  readonly packages: Readonly<Record<string, { readonly version?: string; readonly dependencies?: Readonly<Record<string, string>> }>>;
}

describe("package-lock.json after a release", () => {
  it("is what npm writes: every released package at the new version, the fixtures' ranges with it", async () => {
    const { root, specDir } = releaseProject();
    const record = JSON.parse(read(root, "release/releases.json")) as { packages: string[] };
    writeFileSync(join(root, "release/releases.json"), `${JSON.stringify({ ...record, packages: FOLDERS }, null, 2)}\n`);
    writeFileSync(join(root, "package.json"), `${JSON.stringify({ name: "project", private: true, workspaces: FOLDERS }, null, 2)}\n`);
    const before = JSON.parse(npmLock(root)) as Lock;
    expect(before.packages["packages/fixtures"]).toMatchObject({ version: LAST.version, dependencies: { "@flowspec/types": LAST.version, "@flowspec/validator": LAST.version } });
    editYaml(specDir, "records/flow.yaml", (doc) => doc.setIn(["records", "CreateFlowRequestContent", "properties", "note"], { type: "string" }));

    const run = await runCli(["release", "--no-pack", "--date", "2026-12-01"], root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const released = read(root, "package-lock.json");
    const lock = JSON.parse(released) as Lock;
    for (const folder of FOLDERS) expect(lock.packages[folder]?.version, folder).toBe(NEXT_MINOR);
    expect(lock.packages["packages/fixtures"]?.dependencies).toEqual({ "@flowspec/types": NEXT_MINOR, "@flowspec/validator": NEXT_MINOR });
    expect(npmLock(root)).toBe(released);
    expect(run.stdout).toContain("package-lock.json: every released package's version and dependency ranges, as npm writes them\n");
    expect(run.stdout).not.toContain("npm install");

    expect((await runCli(["release", "--check"], root)).code).toBe(0);
    // A version moved by hand (or a lockfile from before the release) is named by the check, with what to run.
    const behind = JSON.parse(released) as { packages: Record<string, { version?: string }> };
    behind.packages["packages/types"]!.version = LAST.version;
    writeFileSync(join(root, "package-lock.json"), `${JSON.stringify(behind, null, 2)}\n`);
    const check = await runCli(["release", "--check"], root);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`package versions: all ${NEXT_MINOR}, not in package-lock.json\n  package-lock.json is not in step with the package.json of packages/types: run \`npm install\``);
    expect(check.stderr).toContain("error: package-lock.json must record the published packages as their package.json files do; run `npm install`.");
  });

  it("names a package whose dependencies changed beyond their ranges, for npm install, and still moves its version", () => {
    const root = mkdtempSync(join(process.env["FLOWSPEC_TEST_TMP"] ?? tmpdir(), "flowspec-lockfile-"));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, "packages/fixtures"), { recursive: true });
    writeFileSync(join(root, "packages/fixtures/package.json"), JSON.stringify({ name: "@flowspec/fixtures", version: "2.0.0", dependencies: { "@flowspec/types": "2.0.0" } }));
    const lock = { name: "project", lockfileVersion: 3, packages: { "packages/fixtures": { name: "@flowspec/fixtures", version: "1.0.0" }, "node_modules/other": { version: "1.0.0" } } };
    writeFileSync(join(root, "package-lock.json"), JSON.stringify(lock));
    expect(syncLockfile(root, ["packages/fixtures", "packages/absent"])).toEqual({ written: true, stale: ["packages/fixtures"] });
    const after = JSON.parse(read(root, "package-lock.json")) as Lock;
    expect(after.packages).toEqual({ "packages/fixtures": { name: "@flowspec/fixtures", version: "2.0.0" }, "node_modules/other": { version: "1.0.0" } });
    expect(syncLockfile(root, ["packages/fixtures"])).toEqual({ written: false, stale: ["packages/fixtures"] });
  });

  it("leaves a project without a lockfile without one", () => {
    const root = mkdtempSync(join(process.env["FLOWSPEC_TEST_TMP"] ?? tmpdir(), "flowspec-lockfile-"));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    expect(syncLockfile(root, ["packages/types"])).toEqual({ written: false, stale: [] });
    expect(existsSync(join(root, "package-lock.json"))).toBe(false);
  });
});
