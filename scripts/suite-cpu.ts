/**
 * The CPU of the test suite: `npx vitest run` (or the files named after `--`), user + system time of
 * vitest and every process under it, and of each test file (its own and its child processes'),
 * summed by suite folder. Linux only (it reads `/proc`). The machine is shared: every run prints
 * the load average at its start and end, and `--runs N` repeats the whole run.
 *
 *   npx tsx scripts/suite-cpu.ts [--runs 2] [--files N] [--log FILE] [-- test/outside-in …]
 *
 * `--files N` lists the N dearest files (10 by default); `--log FILE` appends every file's figures,
 * one JSON line each with its run's number, for comparing runs file by file.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { reapedChildrenTicks, statFields, TICKS_PER_SECOND } from "./bench/proc-stat.js";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dirname, "..");

interface FileCpu {
  readonly file: string;
  readonly self: number;
  readonly children: number;
}

/** CPU seconds of the children this process has waited for. */
function reapedChildrenCpu(): number {
  return reapedChildrenTicks(statFields()) / TICKS_PER_SECOND;
}

function load(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}

function runOnce(files: readonly string[]): { total: number; perFile: FileCpu[]; loadBefore: string; loadAfter: string } {
  const dir = mkdtempSync(join(tmpdir(), "flowspec-suite-cpu-"));
  try {
    const log = join(dir, "files.ndjson");
    const loadBefore = load();
    const before = reapedChildrenCpu();
    const vitest = join(ROOT, "node_modules", "vitest", "vitest.mjs");
    const run = spawnSync(process.execPath, [vitest, "run", "--config", "scripts/suite-cpu/vitest.config.ts", "--reporter=dot", ...files], {
      cwd: ROOT,
      env: { ...process.env, SUITE_CPU_LOG: log },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const total = reapedChildrenCpu() - before;
    if (run.status !== 0) throw new Error(`vitest exited with ${run.status}`);
    const perFile = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as FileCpu);
    return { total, perFile, loadBefore, loadAfter: load() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `test/outside-in/x.test.ts` → `outside-in`; an example's suite by its example. */
function suiteOf(file: string): string {
  const parts = relative(ROOT, file).split("/");
  return parts[0] === "test" ? parts[1]! : `${parts[0]}/${parts[1]}`;
}

const args = process.argv.slice(2);
const split = args.indexOf("--");
const files = split === -1 ? [] : args.slice(split + 1);
const runsAt = args.indexOf("--runs");
const runs = runsAt === -1 ? 1 : Number(args[runsAt + 1]);
const filesAt = args.indexOf("--files");
const shown = filesAt === -1 ? 10 : Number(args[filesAt + 1]);
const logAt = args.indexOf("--log");
const logFile = logAt === -1 ? undefined : args[logAt + 1];

for (let i = 1; i <= runs; i++) {
  const { total, perFile, loadBefore, loadAfter } = runOnce(files);
  const inFiles = perFile.reduce((sum, f) => sum + f.self + f.children, 0);
  console.log(`run ${i}: ${total.toFixed(1)} s of CPU in all (user + system, every process), ${inFiles.toFixed(1)} s in the test files, ${(total - inFiles).toFixed(1)} s in vitest itself; load average ${loadBefore} → ${loadAfter}`);
  const suites = new Map<string, number>();
  for (const f of perFile) suites.set(suiteOf(f.file), (suites.get(suiteOf(f.file)) ?? 0) + f.self + f.children);
  console.log([...suites].sort((a, b) => b[1] - a[1]).map(([suite, cpu]) => `  ${suite.padEnd(24)} ${cpu.toFixed(1)}`).join("\n"));
  if (logFile !== undefined) appendFileSync(logFile, perFile.map((f) => `${JSON.stringify({ run: i, ...f, file: relative(ROOT, f.file) })}\n`).join(""));
  console.log(`  the ${shown} dearest files:`);
  const dearest = [...perFile].sort((a, b) => b.self + b.children - (a.self + a.children)).slice(0, shown);
  for (const f of dearest) console.log(`    ${(f.self + f.children).toFixed(2).padStart(6)}  ${relative(ROOT, f.file)} (children ${f.children.toFixed(2)})`);
}
