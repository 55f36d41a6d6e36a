/**
 * With worker threads off, esbuild's sync calls read its answer from a child process into a
 * buffer of `ESBUILD_MAX_BUFFER` bytes (16 MB unless set); `emit/bundle.ts` gives each call room
 * for what its input can print as. Run in a process of its own: esbuild reads
 * `ESBUILD_WORKER_THREADS` once, when it loads.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";
import { runFolder } from "../support/temp-root.js";

it("bundles an entry whose output passes 16 MB when esbuild runs as a child process", () => {
  const dir = mkdtempSync(join(runFolder(), "flowspec-bundle-room-"));
  const bundleModule = pathToFileURL(join(REPO_ROOT, "generator", "src", "emit", "bundle.ts")).href;
  const script = join(dir, "bundle-big.ts");
  // Three million euro signs print as `\u20AC` each (charset ASCII): 18 MB for each of the two modules.
  writeFileSync(
    script,
    [
      `import { bundle } from ${JSON.stringify(bundleModule)};`,
      `const entry = "export const data = " + JSON.stringify("\\u20ac".repeat(3_000_000)) + ";\\n";`,
      `const made = bundle({ entry, resolveDir: ${JSON.stringify(dir)}, root: ${JSON.stringify(dir)}, banner: "// big", sourcefile: "entry.js" });`,
      `console.log(made.esm.length, made.cjs.length);`,
    ].join("\n"),
  );
  const run = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, ESBUILD_WORKER_THREADS: "0" } });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const [esm, cjs] = run.stdout.trim().split(" ").map(Number);
  expect(esm).toBeGreaterThan(18_000_000);
  expect(cjs).toBeGreaterThan(18_000_000);
});
