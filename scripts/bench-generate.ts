/**
 * Benchmark of the generator: wall time of a full `flowspec generate` (into an empty folder) and
 * of `flowspec generate --check`, each next to a baseline measured in the same run — the same
 * command printing its help, i.e. starting Node and loading the generator — and printed as a
 * ratio too, since this machine is shared and noisy. Then the in-process cost of each stage. Then
 * scaling: the CPU time of `flowspec generate` on a copy of the spec and on a copy with ten times the
 * flow-action variants (scripts/bench/wide-spec.ts), and one with twice them, each in fresh processes,
 * interleaved: the ratio of ten times to once, and the CPU each added variant costs up to twice and
 * up to ten times (equal when generation grows linearly). `--scaling` runs only that last part.
 *
 *   npx tsx scripts/bench-generate.ts [runs] [--scaling]
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { checkSpec } from "../generator/src/check/check-spec.js";
import { checkTypeNames } from "../generator/src/check/rules/type-names.js";
import { EMITTERS } from "../generator/src/emit/emitters.js";
import { formatFiles } from "../generator/src/write/format.js";
import { buildIr } from "../generator/src/ir/build-ir.js";
import { shapeNames } from "../generator/src/ir/shape-names.js";
import { loadSpec } from "../generator/src/load/load-spec.js";
import { STAT_FIELD, TICKS_PER_SECOND } from "./bench/proc-stat.js";
import { writeWideSpec } from "./bench/wide-spec.js";
import { summarize } from "./bench/stats.js";

const ROOT = join(import.meta.dirname, "..");
const BIN = join(ROOT, "generator", "bin", "flowspec.js");
const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const scalingOnly = args.includes("--scaling");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeCommand(args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = mkdtempSync(join(tmpdir(), "flowspec-bench-"));
    const start = performance.now();
    const run = spawnSync(process.execPath, [BIN, ...args.map((a) => a.replace("$OUT", out))], { cwd: ROOT, encoding: "utf8" });
    times.push(performance.now() - start);
    rmSync(out, { recursive: true, force: true });
    if (run.status !== 0 && !args.includes("--help")) throw new Error(`flowspec ${args.join(" ")} failed:\n${run.stderr}`);
  }
  return median(times);
}

function timeStage<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
}

if (!scalingOnly) stageCosts();

function stageCosts(): void {
const baseline = timeCommand(["--help"]);
const check = timeCommand(["generate", "--check"]);
const full = timeCommand(["generate", "--out", "$OUT"]);

console.log(`flowspec generator benchmark (median of ${runs} runs, wall time)`);
console.log("| command | ms | × baseline |");
console.log("| --- | ---: | ---: |");
console.log(`| baseline: flowspec --help | ${baseline.toFixed(0)} | 1.00 |`);
console.log(`| flowspec generate (all files written) | ${full.toFixed(0)} | ${(full / baseline).toFixed(2)} |`);
console.log(`| flowspec generate --check | ${check.toFixed(0)} | ${(check / baseline).toFixed(2)} |`);

// One in-process pass, stage by stage (the first pass includes module warm-up).
const [loaded, loadMs] = timeStage(() => loadSpec({ specDir: join(ROOT, "spec") }));
const [checked, checkMs] = timeStage(() => checkSpec(loaded, "spec"));
const [ir, irMs] = timeStage(() => buildIr(checked.sources!));
const [, namesMs] = timeStage(() => checkTypeNames(shapeNames(ir).typeNames));
console.log("\n| stage | ms |");
console.log("| --- | ---: |");
console.log(`| load | ${loadMs.toFixed(0)} |`);
console.log(`| check | ${checkMs.toFixed(0)} |`);
console.log(`| build IR | ${irMs.toFixed(0)} |`);
console.log(`| check type names | ${namesMs.toFixed(0)} |`);
for (const emitter of EMITTERS) {
  const [files, ms] = timeStage(() => emitter.emit(ir));
  const [, formatMs] = timeStage(() => formatFiles(files));
  console.log(`| emit ${emitter.dir} (${files.length} files) + format | ${(ms + formatMs).toFixed(0)} |`);
}
}

// Scaling: the CPU of `flowspec generate` as a user runs it (a fresh process, the files written), on a
// copy of the spec and on a copy with ten times its variants; neither copy has a release record
// beside it, so both write the same kinds of files. CPU is the process's own, read when it exits, plus
// that of its child processes, read from /proc where there is one (Linux): the ones it waited for, and
// the ones still running (esbuild's service, which its sync API keeps in a child process until the
// generator exits). The hook runs in the measured process, which loads no TypeScript: it reads the
// fields as bench/proc-stat.ts does, at the places that module names.
const REPORT_CPU = `data:text/javascript,${encodeURIComponent(`
import { readFileSync, readdirSync } from "node:fs";
const F = ${JSON.stringify(STAT_FIELD)};
const fields = (path) => { const stat = readFileSync(path, "utf8"); return stat.slice(stat.lastIndexOf(") ") + 2).split(" "); };
process.on("exit", () => {
  const own = process.cpuUsage();
  let ticks = 0;
  try {
    const self = fields("/proc/self/stat");
    ticks += Number(self[F.cutime]) + Number(self[F.cstime]);
    for (const pid of readdirSync("/proc").filter((name) => /^[0-9]+$/.test(name))) {
      try {
        const child = fields("/proc/" + pid + "/stat");
        if (Number(child[F.ppid]) === process.pid) ticks += Number(child[F.utime]) + Number(child[F.stime]);
      } catch {}
    }
  } catch {}
  process.stderr.write("cpu-ms " + ((own.user + own.system) / 1000 + (ticks * 1000) / ${TICKS_PER_SECOND}) + "\\n");
});`)}`;
const scratch = mkdtempSync(join(tmpdir(), "flowspec-bench-wide-"));
try {
  const spec = join(scratch, "spec");
  cpSync(join(ROOT, "spec"), spec, { recursive: true });
  const wide = join(scratch, "wide", "spec");
  const variants = writeWideSpec(join(ROOT, "spec"), wide);
  const double = join(scratch, "double", "spec");
  const doubled = writeWideSpec(join(ROOT, "spec"), double, 2);
  const generateCpu = (specDir: string): number => {
    const out = join(scratch, "out");
    rmSync(out, { recursive: true, force: true });
    const run = spawnSync(process.execPath, ["--import", REPORT_CPU, BIN, "generate", "--spec", specDir, "--out", out], { cwd: scratch, encoding: "utf8" });
    const ms = /cpu-ms (\S+)/.exec(run.stderr)?.[1];
    if (run.status !== 0 || ms === undefined) throw new Error(`flowspec generate --spec ${specDir} failed:\n${run.stderr}`);
    return Number(ms);
  };
  // The three specs in a rotating order each round, so load drifts fall on each alike.
  const specs = [spec, double, wide];
  const times: number[][] = [[], [], []];
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < specs.length; k++) {
      const which = (i + k) % specs.length;
      times[which]!.push(generateCpu(specs[which]!));
    }
  }
  const [base, doubleTimes, wideTimes] = times as [number[], number[], number[]];
  const single = variants / 10;
  const ratio = summarize(wideTimes.map((w, i) => w / base[i]!));
  // What one more variant costs, from the spec to twice and to ten times its variants: equal when
  // the generator grows linearly, whatever its fixed part.
  const perVariant = (more: number[], added: number) => summarize(more.map((t, i) => (t - base[i]!) / added));
  const toDouble = perVariant(doubleTimes, doubled - single);
  const toWide = perVariant(wideTimes, variants - single);
  const ms = (values: number[]) => summarize(values).median.toFixed(0);
  const range = (s: ReturnType<typeof summarize>, digits: number) => `${s.median.toFixed(digits)} (${s.q1.toFixed(digits)}–${s.q3.toFixed(digits)})`;
  console.log(`\nScaling (CPU of \`flowspec generate\` and of its esbuild processes, fresh processes, ${runs} rounds in rotating order): the spec (${single} variants) ${ms(base)} ms; ${doubled} variants ${ms(doubleTimes)} ms; ${variants} variants (10×) ${ms(wideTimes)} ms; ratio 10× / 1× ${range(ratio, 2)}`);
  console.log(`CPU per added variant: ${range(toDouble, 2)} ms up to ${doubled} variants, ${range(toWide, 2)} ms up to ${variants}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
