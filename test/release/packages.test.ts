/**
 * The six packages as npm would publish them: packed into tarballs (one `npm pack`), each checked
 * by publint and by arethetypeswrong with no problem at all; and the generator's tarball, installed
 * into an empty project, imports in plain Node and runs its command without a TypeScript loader —
 * what a fresh clone (after `npm ci`, whose `prepare` builds dist/) and a registry install get.
 */
import { arrayBuffer } from "node:stream/consumers";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { publint } from "publint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packFolders } from "../../generator/src/release/pack.js";
import { MINIMAL_SPEC, REPO_ROOT } from "../support/paths.js";

const FOLDERS = ["generator", "packages/schema", "packages/types", "packages/validator", "packages/reference", "packages/fixtures"];
/** The generator is ESM only (Node ≥ 20.19 can require() it): attw's CJS and node10 resolutions do not apply. */
const ESM_ONLY_IGNORED = new Set(["node10", "node16-cjs"]);

let work: string;
let tarballs: Map<string, string>;

beforeAll(() => {
  expect(existsSync(join(REPO_ROOT, "generator/dist/src/index.js")), "generator/dist is missing: run `npm run build`").toBe(true);
  work = mkdtempSync(join(tmpdir(), "flowspec-packages-"));
  const names = packFolders(FOLDERS.map((f) => join(REPO_ROOT, f)), work, { ignoreScripts: true });
  tarballs = new Map(FOLDERS.map((folder, i) => [folder, join(work, names[i]!)]));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("publint", () => {
  it.each(FOLDERS)("%s: no error, warning or suggestion", async (folder) => {
    const tarball = await arrayBuffer(createReadStream(tarballs.get(folder)!));
    const { messages } = await publint({ pack: { tarball }, level: "suggestion", strict: true });
    expect(messages.map((m) => `${m.type} ${m.code} ${m.path.join(".")}`)).toEqual([]);
  });
});

describe("arethetypeswrong", () => {
  it.each(FOLDERS)("%s: no problem", async (folder) => {
    const result = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarballs.get(folder)!))));
    const typed = folder === "generator" || folder === "packages/types" || folder === "packages/validator" || folder === "packages/fixtures";
    expect(result.types !== false, "whether the package has types").toBe(typed);
    if (result.types === false) return;
    const problems = result.problems.filter((p) => !(folder === "generator" && "resolutionKind" in p && ESM_ONLY_IGNORED.has(p.resolutionKind)));
    expect(problems).toEqual([]);
  });
});

describe("the generator as installed from its tarball", () => {
  let project: string;

  beforeAll(() => {
    project = join(work, "consumer");
    const installed = join(project, "node_modules", "@flowspec", "generator");
    mkdirSync(installed, { recursive: true });
    execFileSync("tar", ["-xzf", tarballs.get("generator")!, "-C", installed, "--strip-components=1"]);
    // Its dependencies, as npm would install them beside it.
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies)) {
      mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
      symlinkSync(join(REPO_ROOT, "node_modules", name), join(project, "node_modules", name), "dir");
    }
    cpSync(MINIMAL_SPEC, join(project, "spec"), { recursive: true });
  });

  it("ships compiled JavaScript, declarations and the validator runtime's sources, and no TypeScript loader", () => {
    const files = execFileSync("tar", ["-tzf", tarballs.get("generator")!], { encoding: "utf8" }).split("\n");
    expect(files).toContain("package/dist/src/index.js");
    expect(files).toContain("package/dist/src/index.d.ts");
    expect(files).toContain("package/runtime/validator/index.ts");
    expect(files).toContain("package/LICENSE");
    expect(files).toContain("package/CHANGELOG.md");
    expect(files.filter((f) => f.startsWith("package/src/"))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(project, "node_modules/@flowspec/generator/package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain("tsx");
  });

  it('loads with `import { generate } from "@flowspec/generator"` in plain Node and generates', () => {
    const script = `import { generate } from "@flowspec/generator"; const r = generate({ specDir: "spec", outDir: "packages" }); console.log(r.diagnostics.length, r.written.written.length);`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: project, encoding: "utf8" });
    expect(run.stderr).toBe("");
    const [problems, written] = run.stdout.trim().split(" ").map(Number);
    expect(problems).toBe(0);
    expect(written).toBeGreaterThan(10);
    expect(existsSync(join(project, "packages/validator/dist/index.js"))).toBe(true);
  });

  it("starts `flowspec --help` without a TypeScript loader", () => {
    const bin = join(project, "node_modules/@flowspec/generator/bin/flowspec.js");
    // tsx is out of reach from the installed package, so only the compiled code can answer.
    expect(() => createRequire(bin).resolve("tsx")).toThrow();
    const run = spawnSync(process.execPath, [bin, "--help"], { cwd: project, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("usage: flowspec <command>");
    expect(run.stdout).toContain("release");
  });
});
