/**
 * `flowspec generate [--spec DIR] [--out DIR] [--check [--diff]]`: the command around `generate()`.
 * With `--check` it writes nothing and lists every stale, missing and orphan file; `--diff` shows
 * what drifted as a unified diff (what is on disk → what the spec generates).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createTwoFilesPatch } from "diff";
import type { CliIo, Command } from "./cli-io.js";
import { formatDiagnostic } from "./diagnostics.js";
import { EMITTERS } from "./emit/emitters.js";
import { generate, type GenerateResult } from "./generate.js";

const USAGE = `usage: flowspec generate [--spec DIR] [--out DIR] [--check [--diff]]

  --spec DIR   the spec folder (default: spec)
  --out DIR    where the generated packages go (default: packages)
  --check      write nothing; list every stale, missing and orphan file; exit 1 on any drift
  --diff       with --check: show each drifted file as a unified diff (disk → generated)`;

function summary(result: GenerateResult, check: boolean): string[] {
  const lines: string[] = [];
  for (const { dir } of EMITTERS) {
    const inDir = (p: string) => p.startsWith(`${dir}/`);
    const files = result.plan!.files.filter((f) => inDir(f.file.path));
    const orphans = result.plan!.orphans.filter(inDir);
    const changed = files.filter((f) => f.state !== "unchanged").length;
    const verb = check ? "out of date" : "written";
    lines.push(`${dir}: ${files.length} files, ${changed} ${verb}, ${orphans.length} ${check ? "orphaned" : "removed"}`);
  }
  return lines;
}

/** The drift as unified diffs, one per file; paths as `a/` and `b/` under the output folder. */
function driftPatches(result: GenerateResult, outDir: string): string[] {
  const onDisk = (path: string): string => {
    const full = join(outDir, path);
    return existsSync(full) ? readFileSync(full, "utf8") : "";
  };
  const patches: string[] = [];
  for (const { file, state } of result.plan!.files) {
    if (state === "unchanged") continue;
    const before = state === "missing" ? "/dev/null" : `a/${file.path}`;
    patches.push(createTwoFilesPatch(before, `b/${file.path}`, onDisk(file.path), file.contents, undefined, undefined, { context: 3 }));
  }
  for (const orphan of result.plan!.orphans) patches.push(createTwoFilesPatch(`a/${orphan}`, "/dev/null", onDisk(orphan), "", undefined, undefined, { context: 3 }));
  // jsdiff starts each patch with a line of "=" that git's format does not have.
  return patches.map((patch) => patch.replace(/^=+\n/, ""));
}

function reportDrift(result: GenerateResult, outDir: string, withDiff: boolean, io: CliIo): void {
  for (const { file, state } of result.plan!.files) if (state !== "unchanged") io.stderr(`${state}: ${file.path}\n`);
  for (const orphan of result.plan!.orphans) io.stderr(`orphan: ${orphan}\n`);
  if (withDiff) for (const patch of driftPatches(result, outDir)) io.stdout(patch);
}

function run(argv: readonly string[], io: CliIo): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { spec: { type: "string" }, out: { type: "string" }, check: { type: "boolean" }, diff: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    io.stderr(`flowspec generate: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (values.diff && !values.check) {
    io.stderr(`flowspec generate: --diff goes with --check\n${USAGE}\n`);
    return 2;
  }
  const check = values.check ?? false;
  const outDir = values.out ?? "packages";
  const result = generate({ check, outDir, ...(values.spec !== undefined && { specDir: values.spec }) });
  if (result.diagnostics.length > 0) {
    for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr(`${result.diagnostics.length} problem(s) in the spec; nothing was written.\n`);
    return 1;
  }
  if (check) reportDrift(result, resolve(outDir), values.diff ?? false, io);
  for (const line of summary(result, check)) io.stdout(`${line}\n`);
  if (check && !result.upToDate) {
    io.stderr("generated files are out of date; run `npm run generate`.\n");
    return 1;
  }
  return 0;
}

export const GENERATE_COMMAND: Command = {
  name: "generate",
  summary: "regenerate the packages from the spec (or --check them)",
  usage: USAGE,
  run,
};
