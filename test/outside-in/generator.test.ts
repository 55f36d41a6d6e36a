/**
 * `@flowspec/generator` as another project gets it: installed by npm from its tarball, run through
 * `node_modules/.bin/flowspec` in plain Node (no TypeScript loader within reach), on a copy of the
 * spec with its release record. The README's own lines: `--help`, `generate --out`, `--check`,
 * `validate` of a file, and `serve` answering one authorised request; and the library entry,
 * `generate()`, on the minimal spec.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmProject, type OwnNpmProject } from "../support/npm-install.js";
import { MINIMAL_SPEC, REAL_SPEC, REPO_ROOT } from "../support/paths.js";
import { snapshotTree } from "../support/temp-project.js";
import { ADMIN, clientToken, call } from "../serve/support/stand-in.js";

let project: OwnNpmProject;

beforeAll(() => {
  project = npmProject(["generator"]);
  cpSync(REAL_SPEC, project.path("spec"), { recursive: true });
  cpSync(join(REPO_ROOT, "release"), project.path("release"), { recursive: true });
}, 120_000);

afterAll(() => project.remove());

function flowspec(args: readonly string[]) {
  return spawnSync(project.path("node_modules/.bin/flowspec"), args, { cwd: project.root, encoding: "utf8" });
}

describe("the generator installed by npm", () => {
  it("has no TypeScript loader within reach, and answers --help", () => {
    expect(() => createRequire(project.path("node_modules/@flowspec/generator/bin/flowspec.js")).resolve("tsx")).toThrow();
    const run = flowspec(["--help"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("usage: flowspec <command>");
  });

  it("generates into --out DIR, touching nothing outside it, and --check finds DIR up to date", () => {
    const before = snapshotTree(project.path("release"));
    const run = flowspec(["generate", "--spec", "spec", "--out", "out"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(existsSync(project.path("out/validator/dist/index.js"))).toBe(true);
    expect(existsSync(project.path("out/validator/CHANGELOG.md"))).toBe(true);
    // Nothing beside the output folder: no root changelog, no package folder of this repository's layout.
    expect(existsSync(project.path("CHANGELOG.md"))).toBe(false);
    expect(existsSync(project.path("packages"))).toBe(false);
    expect(existsSync(project.path("generator"))).toBe(false);
    expect(snapshotTree(project.path("release"))).toEqual(before);
    const check = flowspec(["generate", "--spec", "spec", "--out", "out", "--check"]);
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });

  it("validates a payload file against the generated validator", () => {
    writeFileSync(project.path("flow.json"), '{ "name": "", "actions": [] }\n');
    const run = flowspec(["validate", "flow.json", "--as", "CreateFlowRequestContent", "--out", "out"]);
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/flow\.json:1:\d+ .*too_short/);
  });

  it("serves the generated packages and answers an authorised request", async () => {
    const server = spawn(project.path("node_modules/.bin/flowspec"), ["serve", "--port", "0", "--spec", "spec", "--out", "out"], { cwd: project.root });
    try {
      let stdout = "";
      server.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
      await expect.poll(() => stdout, { timeout: 10_000 }).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
      const base = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)![0];
      const token = await clientToken(base, ADMIN, "create:flows");
      const created = await call(base, "POST", "/api/v2/flows", { token, type: "application/json", body: JSON.stringify({ name: "outside-in" }) });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe("outside-in");
    } finally {
      server.kill("SIGTERM");
    }
  });
});

describe("the generator's tarball", () => {
  it("ships compiled JavaScript, declarations and the validator runtime's sources, and no TypeScript loader or sources", () => {
    const files = execFileSync("tar", ["-tzf", project.tarballs.get("generator")!], { encoding: "utf8" }).split("\n");
    expect(files).toContain("package/dist/src/index.js");
    expect(files).toContain("package/dist/src/index.d.ts");
    expect(files).toContain("package/runtime/validator/index.ts");
    expect(files).toContain("package/LICENSE");
    expect(files).toContain("package/CHANGELOG.md");
    expect(files.filter((f) => f.startsWith("package/src/"))).toEqual([]);
    const manifest = JSON.parse(readFileSync(project.path("node_modules/@flowspec/generator/package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain("tsx");
  });

  // The minimal spec: the commands above run the real one through the same `generate`, and every
  // emitter runs on any spec, so here only the library entry is new (half the CPU of the real spec).
  it('loads with `import { generate } from "@flowspec/generator"` in plain Node and generates', () => {
    cpSync(MINIMAL_SPEC, project.path("library/spec"), { recursive: true });
    const script = `import { generate } from "@flowspec/generator"; const r = generate({ specDir: "spec", outDir: "api" }); console.log(r.diagnostics.length, r.written.written.length);`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: project.path("library"), encoding: "utf8" });
    expect(run.stderr).toBe("");
    const [problems, written] = run.stdout.trim().split(" ").map(Number);
    expect(problems).toBe(0);
    expect(written).toBeGreaterThan(10);
    for (const entry of ["schema/index.json", "types/index.d.ts", "validator/dist/index.js", "reference/README.md", "fixtures/dist/index.js"]) expect(existsSync(project.path(`library/api/${entry}`)), entry).toBe(true);
  });
});
