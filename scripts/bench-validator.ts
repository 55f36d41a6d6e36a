/**
 * `npx tsx scripts/bench-validator.ts [--processes N] [--rounds N] [--previous path/to/index.js]
 * [--columns REGEXP] [--peers REGEXP] [--ours PATH] [--table-only x]`:
 * the shipped validator against the other ways to check the same CreateFlowRequestContent, and
 * against a hand-written limit generated from the IR (scripts/bench/limit.ts).
 *
 * Method (see scripts/README.md): each of N fresh processes (scripts/bench/worker.ts) builds every
 * peer, checks its verdict on every case, then runs rounds in which every peer is timed once per
 * column, in an order that rotates, right next to a batch of ours, as the CPU time of a batch of
 * calls. Each round gives the ratio of a peer's time to ours; the table gives the median of those
 * ratios over all rounds of all processes, with the interquartile range and their number. CPU time,
 * not wall time: the machine may be busy with other work. Invalid input is timed with each peer's
 * error report built.
 *
 * Then: import and first-call CPU in fresh processes, and min+gzip sizes (whole file, and bundles
 * that import one export). `--previous` adds an earlier build of the package as a peer.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { coldStart, emptyModuleImport } from "./bench/cold-start.js";
import { everythingBytes, singleImportBytes, wholeFileBytes } from "./bench/sizes.js";
import { summarize, type Summary } from "./bench/stats.js";
import type { WorkerResult } from "./bench/worker.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
// --ours PATH times another build as ours (a copy of dist/index.js), so the package can be regenerated meanwhile.
const PACKAGE_DIST = `${ROOT}packages/validator/dist/index.js`;
const DIST = option("ours", undefined) ?? PACKAGE_DIST;
const SERVICE_DIST = `${ROOT}packages/validator/dist/service.js`;
const OURS = "@flowspec/validator";
const SINGLE_IMPORTS = ["validateCreateFlowRequest", "validateFlowAction", "parseRateLimitHeaders", "decodeFormBody"];

function option(name: string, fallback: string | undefined): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

function runWorker(rounds: number, set: "others" | "ajv", columns: string, previous: string | undefined, peers: string): WorkerResult {
  const args = ["--single-threaded", "--no-flush-bytecode", "--import", "tsx", `${ROOT}scripts/bench/worker.ts`, String(rounds), set, columns, previous ?? "-", peers, DIST];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })) as WorkerResult;
}

/** Per column and peer: the per-round ratios peer/ours over all processes, and our own times. */
function ratios(results: readonly WorkerResult[]): { columns: string[]; peers: string[]; ratio: Map<string, Summary>; ours: Map<string, Summary> } {
  const columns = [...results[0]!.columns];
  const peers = [...new Set(results.flatMap((r) => r.peers))];
  const ratio = new Map<string, Summary>();
  const ours = new Map<string, Summary>();
  for (const column of columns) {
    ours.set(column, summarize(results.flatMap((r) => r.ours[column] ?? [])));
    for (const peer of peers) {
      const values = results.flatMap((r) => r.ratios[column]?.[peer] ?? []);
      if (values.length > 0) ratio.set(`${column}\u0000${peer}`, summarize(values));
    }
  }
  return { columns, peers, ratio, ours };
}

const fixed = (x: number, digits = 2): string => x.toFixed(digits);

function table(results: readonly WorkerResult[]): string {
  const { columns, peers, ratio, ours } = ratios(results);
  const lines = [`| CPU time per call, relative to ours | ${columns.join(" | ")} |`, `| --- | ${columns.map(() => "---").join(" | ")} |`];
  lines.push(`| ${OURS}: time per call (median) | ${columns.map((c) => `${fixed(ours.get(c)!.median / 1000)} µs`).join(" | ")} |`);
  for (const peer of peers.filter((p) => p !== OURS)) {
    const cells = columns.map((c) => {
      const s = ratio.get(`${c}\u0000${peer}`);
      return s === undefined ? "—" : `${fixed(s.median)} (${fixed(s.q1)}–${fixed(s.q3)})`;
    });
    lines.push(`| ${peer} | ${cells.join(" | ")} |`);
  }
  const counts = [...new Set([...ratio.values()].map((s) => s.n))].join(" or ");
  return `${lines.join("\n")}\n\nMedian (interquartile range) of per-round ratios, n = ${counts} rounds per cell; above 1: slower than ours.`;
}

/** Scaling: our time per action on the flows of 10 (mixed), 100 and 1,000 actions; flat is linear. */
function perAction(results: readonly WorkerResult[]): string {
  const { ours } = ratios(results);
  const sizes: [string, number][] = [["valid 10", 10], ["100 actions", 100], ["1,000 actions", 1000]];
  const cells = sizes.filter(([column]) => ours.get(column)?.n).map(([column, n]) => `${fixed(ours.get(column)!.median / n, 0)} ns (${column})`);
  return `Ours per action: ${cells.join(", ")}.`;
}

function main(): void {
  const processes = Number(option("processes", "3"));
  const rounds = Number(option("rounds", "15"));
  const previous = option("previous", undefined);
  const columns = option("columns", "")!;
  // --peers REGEXP keeps only the peers whose name matches (ours and --previous always run).
  const peers = option("peers", "")!;
  const withAjv = new RegExp(peers).test("Ajv");
  const results: WorkerResult[] = [];
  for (let i = 0; i < processes; i++) {
    process.stderr.write(`processes ${i + 1} of ${processes}…\n`);
    // Ajv in processes of its own: its times move with what else a process has loaded.
    results.push(runWorker(rounds, "others", columns, previous, peers));
    if (withAjv) results.push(runWorker(rounds, "ajv", columns, undefined, peers));
  }
  console.log(table(results));
  console.log(`\n${perAction(results)}`);
  if (option("table-only", undefined) !== undefined) return;
  const notes = [...new Set(results.flatMap((r) => r.notes))];
  if (notes.length > 0) console.log(`\n${notes.map((n) => `- ${n}`).join("\n")}`);
  const range = (s: Summary) => `${fixed(s.median)} ms (${fixed(s.q1)}–${fixed(s.q3)}, n = ${s.n})`;
  const coldLine = (file: string) => {
    const warm = coldStart(file, 9, { warmLoader: true });
    const first = coldStart(file, 9, { warmLoader: false });
    return `import ${range(warm.importMs)}, first call ${range(warm.firstCallMs)}; as the process's first import ${range(first.importMs)}`;
  };
  console.log(`\nCold start, CPU, fresh processes: ${coldLine(DIST)}.`);
  console.log(`An empty ES module the same ways: ${range(emptyModuleImport(9, true))}; as the first import ${range(emptyModuleImport(9, false))}.`);
  if (previous) console.log(`Previous build: ${coldLine(previous)}.`);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const sizes = (file: string) => [`whole file ${kib(wholeFileBytes(file))}`, ...SINGLE_IMPORTS.map((name) => `only ${name} ${kib(singleImportBytes(file, name))}`)].join("; ");
  console.log(`\nmin+gzip, main entry: ${sizes(DIST)}.`);
  console.log(
    // The service entry imports the package's own main entry: with --ours the two would be counted twice.
    `Service entry: its own file ${kib(wholeFileBytes(SERVICE_DIST))}; only createRequestCheck ${kib(singleImportBytes(SERVICE_DIST, "createRequestCheck"))}${DIST === PACKAGE_DIST ? `; every export of both entries ${kib(everythingBytes([DIST, SERVICE_DIST]))}` : ""}.`,
  );
  if (previous) console.log(`Previous build: ${sizes(previous)}.`);
}

main();
