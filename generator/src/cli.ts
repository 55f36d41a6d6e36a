/**
 * `flowspec generate [--spec DIR] [--out DIR] [--check]`: the command line around `generate()`;
 * `flowspec diff <old-spec-dir> [<new-spec-dir>]` is handed to diff/diff-command.ts.
 */
import { parseArgs } from "node:util";
import { PROCESS_IO, type CliIo } from "./cli-io.js";
import { formatDiagnostic } from "./diagnostics.js";
import { DIFF_USAGE, diffMain } from "./diff/diff-command.js";
import { EMITTERS } from "./emit/emitters.js";
import { generate, type GenerateResult } from "./generate.js";

const USAGE = `usage: flowspec generate [--spec DIR] [--out DIR] [--check]

  --spec DIR   the spec folder (default: spec)
  --out DIR    where the generated packages go (default: packages)
  --check      write nothing; list every stale, missing and orphan file; exit 1 on any drift

${DIFF_USAGE}`;

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

/** `flowspec generate …` and its help; anything else is a wrong call. */
function generateMain(argv: readonly string[], io: CliIo): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { spec: { type: "string" }, out: { type: "string" }, check: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== "generate") {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  const check = values.check ?? false;
  const result = generate({
    check,
    ...(values.spec !== undefined && { specDir: values.spec }),
    ...(values.out !== undefined && { outDir: values.out }),
  });
  if (result.diagnostics.length > 0) {
    for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr(`${result.diagnostics.length} problem(s) in the spec; nothing was written.\n`);
    return 1;
  }
  if (check) {
    for (const { file, state } of result.plan!.files) if (state !== "unchanged") io.stderr(`${state}: ${file.path}\n`);
    for (const orphan of result.plan!.orphans) io.stderr(`orphan: ${orphan}\n`);
  }
  for (const line of summary(result, check)) io.stdout(`${line}\n`);
  if (check && !result.upToDate) {
    io.stderr("generated files are out of date; run `npm run generate`.\n");
    return 1;
  }
  return 0;
}

/**
 * Runs one command; the promise holds its exit code (0 done, 1 problems or drift, 2 a wrong call).
 * A promise, so a command that reads its input asynchronously fits beside these.
 */
export async function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return argv[0] === "diff" ? diffMain(argv.slice(1), io) : generateMain(argv, io);
}
