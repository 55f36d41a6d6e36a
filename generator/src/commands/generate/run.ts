/**
 * `flowspec generate [--spec DIR] [--out DIR] [--check [--diff] | --watch]`: the command around
 * `generate()`. With `--check` it writes nothing and lists every stale, missing and orphan file;
 * `--diff` shows what drifted as a unified diff (what is on disk → what the spec generates);
 * `--watch` regenerates on every change (watch.ts). The pipeline is imported when the
 * command runs, so `flowspec --help` does not load it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import type { CliIo } from "../command.js";
import { GENERATE_USAGE } from "./usage.js";
import { formatDiagnostic } from "../../base/diagnostics.js";
import type { Emitter } from "../../emit/emitters.js";
import type { GenerateResult } from "../../pipeline/generate.js";
import type { WatchOptions, WatchRun } from "./watch.js";

function summary(result: GenerateResult, check: boolean, EMITTERS: readonly Emitter[]): string[] {
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

/**
 * The drift as unified diffs, one per file, with `a/` and `b/` paths from the working directory
 * (`a/packages/schema/index.json`, `a/CHANGELOG.md`), so `git apply` run there applies them.
 */
async function driftPatches(result: GenerateResult, outDir: string): Promise<string[]> {
  const { createTwoFilesPatch } = await import("diff");
  const onDisk = (path: string): string => {
    const full = join(outDir, path);
    return existsSync(full) ? readFileSync(full, "utf8") : "";
  };
  const shown = (path: string): string => relative(process.cwd(), join(outDir, path)).split(sep).join("/");
  const patches: string[] = [];
  for (const { file, state } of result.plan!.files) {
    if (state === "unchanged") continue;
    const before = state === "missing" ? "/dev/null" : `a/${shown(file.path)}`;
    patches.push(createTwoFilesPatch(before, `b/${shown(file.path)}`, onDisk(file.path), file.contents, undefined, undefined, { context: 3 }));
  }
  for (const orphan of result.plan!.orphans) patches.push(createTwoFilesPatch(`a/${shown(orphan)}`, "/dev/null", onDisk(orphan), "", undefined, undefined, { context: 3 }));
  // jsdiff starts each patch with a line of "=" that git's format does not have.
  return patches.map((patch) => patch.replace(/^=+\n/, ""));
}

async function reportDrift(result: GenerateResult, outDir: string, withDiff: boolean, io: CliIo): Promise<void> {
  for (const { file, state } of result.plan!.files) if (state !== "unchanged") io.stderr(`${state}: ${file.path}\n`);
  for (const orphan of result.plan!.orphans) io.stderr(`orphan: ${orphan}\n`);
  if (withDiff) for (const patch of await driftPatches(result, outDir)) io.stdout(patch);
}

/** One watch run as the terminal shows it: the summary, or the problems and that nothing was written. */
function reportWatchRun(run: WatchRun, io: CliIo, EMITTERS: readonly Emitter[]): void {
  if ("error" in run) {
    io.stderr(`flowspec generate --watch: the write failed and every file was restored: ${run.error.message}\n`);
  } else if (run.result.diagnostics.length > 0) {
    for (const d of run.result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr(`${run.result.diagnostics.length} problem(s) in the spec; nothing was written. Watching for the fix…\n`);
  } else {
    for (const line of summary(run.result, false, EMITTERS)) io.stdout(`${line}\n`);
    io.stdout("up to date; watching for changes (Ctrl-C stops)\n");
  }
}

/** Runs `generate --watch` until SIGINT or SIGTERM. */
async function watchUntilStopped(options: WatchOptions, io: CliIo, EMITTERS: readonly Emitter[]): Promise<number> {
  const { watchGenerate } = await import("./watch.js");
  const watching = watchGenerate(options, (run) => reportWatchRun(run, io, EMITTERS));
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  watching.close();
  return 0;
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        spec: { type: "string" },
        out: { type: "string" },
        check: { type: "boolean" },
        diff: { type: "boolean" },
        watch: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.stderr(`flowspec generate: ${(error as Error).message}\n${GENERATE_USAGE}\n`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    io.stdout(`${GENERATE_USAGE}\n`);
    return 0;
  }
  if (values.diff && !values.check) {
    io.stderr(`flowspec generate: --diff goes with --check\n${GENERATE_USAGE}\n`);
    return 2;
  }
  if (values.watch && values.check) {
    io.stderr(`flowspec generate: --watch writes; it does not go with --check\n${GENERATE_USAGE}\n`);
    return 2;
  }
  const check = values.check ?? false;
  const { readProjectConfig } = await import("../project-config.js");
  const config = readProjectConfig();
  if (typeof config === "string") {
    io.stderr(`flowspec generate: ${config}\n`);
    return 2;
  }
  const outDir = values.out ?? config.out ?? "packages";
  const specDir = values.spec ?? config.spec;
  const options = {
    outDir,
    ...(specDir !== undefined && { specDir }),
    ...(config.releaseDir !== undefined && { releaseDir: config.releaseDir }),
    ...(config.identity !== undefined && { identity: config.identity }),
  };
  const [{ generate }, { EMITTERS }] = await Promise.all([import("../../pipeline/generate.js"), import("../../emit/emitters.js")]);
  if (values.watch) return watchUntilStopped(options, io, EMITTERS);
  const result = generate({ check, ...options });
  if (result.diagnostics.length > 0) {
    for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr(`${result.diagnostics.length} problem(s) in the spec; nothing was written.\n`);
    return 1;
  }
  if (check) await reportDrift(result, resolve(outDir), values.diff ?? false, io);
  for (const line of summary(result, check, EMITTERS)) io.stdout(`${line}\n`);
  if (check && !result.upToDate) {
    // The command that fixes it, as this call spelt its folders: `npm run generate` exists only here.
    const folders = [...(values.spec !== undefined ? ["--spec", values.spec] : []), ...(values.out !== undefined ? ["--out", values.out] : [])];
    io.stderr(`generated files are out of date; run \`${["flowspec generate", ...folders].join(" ")}\`.\n`);
    return 1;
  }
  return 0;
}
