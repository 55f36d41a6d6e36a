#!/usr/bin/env node
// The `flowspec` command. It runs the compiled generator in plain Node: no TypeScript loader, and
// the build's bundle (dist/bundle/, written by build.js) rather than the ~260 modules of
// dist/src/, so it starts fast. In a checkout where a TypeScript source is newer than that build
// (someone is editing the generator and has not run `npm run build`), it runs the sources through
// tsx instead, so the command never runs stale code. A published package has no src/ (its files
// list leaves it out), so it always runs dist/: npm stamps extracted files with the time it wrote
// them, so the shipped runtime/*.ts can look newer than dist/, and tsx is not there to load them.
import { existsSync, readdirSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);
const built = new URL("dist/bundle/main.js", root);

/** The newest modification time of the .ts files under `dir` (0 when there is none). */
function newestSource(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  }
  return newest;
}

function buildIsStale() {
  if (!existsSync(new URL("src/", root))) return false;
  if (!existsSync(built)) return true;
  const sources = Math.max(newestSource(new URL("src/", root)), newestSource(new URL("runtime/", root)));
  return sources > statSync(built).mtimeMs;
}

const argv = process.argv.slice(2);
// Every command goes through the table: command entries load nothing heavy until they run, so
// `flowspec serve` and `flowspec --help` start without the pipeline (test/architecture holds this).
let main;
if (buildIsStale()) {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import(new URL("src/commands/main.ts", root).href));
} else {
  ({ main } = await import(built.href));
}
process.exitCode = await main(argv);
