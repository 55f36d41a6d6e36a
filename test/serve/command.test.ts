/**
 * `flowspec serve` as a command: in process with signals of the test's own (usage, config problems,
 * start, stop), and once as a real process stopped with SIGTERM.
 */
import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMain, type StopSignal } from "../../generator/src/commands/serve/run.ts";
import { PACKAGES, REAL_SPEC, REPO_ROOT } from "../support/paths.ts";
import { runCli } from "../support/run-cli.ts";

interface Output {
  stdout: string;
  stderr: string;
}

function io(out: Output) {
  return { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t) };
}

const PACKAGE_ARGS = ["--spec", REAL_SPEC, "--out", PACKAGES];

describe("flowspec serve, in process", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "flowspec-serve-command-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("prints its base URL, serves, and stops on SIGINT with exit 0", async () => {
    const out = { stdout: "", stderr: "" };
    const signals = new EventEmitter();
    const exit = serveMain(["--port", "0", "--rate-limit", "3", ...PACKAGE_ARGS], io(out), signals as StopSignal);
    await expect.poll(() => out.stdout, { timeout: 5000 }).toMatch(/^flowspec serve: http:\/\/127\.0\.0\.1:\d+ /);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out.stdout)![0];
    const response = await fetch(`${url}/.well-known/openid-configuration`);
    expect(await response.json()).toMatchObject({ issuer: "https://flowspec.local/", token_endpoint: "https://flowspec.local/oauth/token" });
    expect(response.headers.get("x-ratelimit-limit")).toBe("3");
    signals.emit("SIGINT");
    expect(await exit).toBe(0);
    expect(out.stdout).toMatch(/stopped\n$/);
    expect(signals.listenerCount("SIGINT") + signals.listenerCount("SIGTERM")).toBe(0);
    await expect(fetch(`${url}/openapi.json`)).rejects.toThrow();
  });

  it("does not start with a problem in its config, and says where", async () => {
    const file = join(dir, "serve.yaml");
    writeFileSync(file, "clients:\n  - id: x\n    secret: y\n    scopes: create:flows\n");
    const out = { stdout: "", stderr: "" };
    expect(await serveMain(["--port", "0", "--config", file, ...PACKAGE_ARGS], io(out), new EventEmitter() as StopSignal)).toBe(1);
    expect(out.stderr).toBe(`${file}:4:13 error ServeConfigWrongType: \`clients.0.scopes\` must be array.\n1 problem(s) in ${file}; the stand-in did not start.\n`);
    expect(out.stdout).toBe("");
  });

  it("refuses wrong options with exit 2, and packages that were not generated with exit 1", async () => {
    const out = { stdout: "", stderr: "" };
    expect(await serveMain(["--port", "http"], io(out))).toBe(2);
    expect(out.stderr).toMatch(/^--port must be a whole number from 0 to 65535\nusage: flowspec serve/);
    const missing = { stdout: "", stderr: "" };
    expect(await serveMain(["--out", dir, "--spec", REAL_SPEC], io(missing))).toBe(1);
    expect(missing.stderr).toMatch(/no OpenAPI document at .*openapi\.json; run `flowspec generate` first/);
    const newer = join(dir, "spec");
    mkdirSync(newer, { recursive: true });
    writeFileSync(join(newer, "flowspec.yaml"), "specVersion: 99.0.0\n");
    const stale = { stdout: "", stderr: "" };
    expect(await serveMain(["--out", PACKAGES, "--spec", newer], io(stale))).toBe(1);
    expect(stale.stderr).toMatch(/were generated from spec \d+\.\d+\.\d+, the spec is 99\.0\.0; run `flowspec generate`/);
  });

  it("is listed by flowspec --help, and `flowspec help serve` documents the config file", async () => {
    expect((await runCli(["--help"], REPO_ROOT)).stdout).toMatch(/^ {2}serve +a local stand-in/m);
    const help = await runCli(["help", "serve"], REPO_ROOT);
    expect(help.stdout).toContain("usage: flowspec serve [--port 4010]");
    expect(help.stdout).toContain("selfServiceScopes:");
  });
});

describe("flowspec serve, as a process", () => {
  it("starts, answers, and exits 0 on SIGTERM", async () => {
    const started = performance.now();
    const child = spawn(process.execPath, ["generator/bin/flowspec.js", "serve", "--port", "0"], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => void (stderr += d));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        stdout += d;
        const found = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)?.[0];
        if (found) resolve(found);
      });
      void exited.then(() => reject(new Error(`exited before listening: ${stderr}`)));
    });
    const readyMs = performance.now() - started;
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/stopped\n$/);
    expect(stderr).toBe("");
    // Generous for a loaded CI machine; on an idle one it is well under a second (see the README).
    expect(readyMs).toBeLessThan(10_000);
  });
});
