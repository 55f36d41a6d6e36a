/**
 * `flowspec generate [--spec DIR] [--out DIR] [--check]`: the command line around `generate()`;
 * `flowspec diff <old-spec-dir> [<new-spec-dir>]` is handed to diff/diff-command.ts.
 */
import { parseArgs } from "node:util";
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

export function main(argv: readonly string[]): number {
  if (argv[0] === "diff") return diffMain(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { spec: { type: "string" }, out: { type: "string" }, check: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== "generate") {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const check = values.check ?? false;
  const result = generate({
    check,
    ...(values.spec !== undefined && { specDir: values.spec }),
    ...(values.out !== undefined && { outDir: values.out }),
  });
  if (result.diagnostics.length > 0) {
    for (const d of result.diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
    process.stderr.write(`${result.diagnostics.length} problem(s) in the spec; nothing was written.\n`);
    return 1;
  }
  if (check) {
    for (const { file, state } of result.plan!.files) if (state !== "unchanged") process.stderr.write(`${state}: ${file.path}\n`);
    for (const orphan of result.plan!.orphans) process.stderr.write(`orphan: ${orphan}\n`);
  }
  for (const line of summary(result, check)) process.stdout.write(`${line}\n`);
  if (check && !result.upToDate) {
    process.stderr.write("generated files are out of date; run `npm run generate`.\n");
    return 1;
  }
  return 0;
}
