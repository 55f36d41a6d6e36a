/**
 * `npx tsx scripts/bench-conformance.ts [--processes 3] [--rounds 8]`: the cost of issue 26's
 * commands on 10,000 recorded requests (the corpus of test/fixtures/traffic, cycled), in process:
 *
 * - baseline: each request's body parsed and run through its operation's validator (the least any
 *   checker of these requests does);
 * - conformance: `readRecordings` of the NDJSON file, then `runConformance` (route, request check,
 *   statuses, response records, labels);
 * - corpus gate: `readRecordings`, then `checkCorpus` with the last release's validator and the new
 *   one (both generated before timing, as the command does once);
 * - upstream: `compareWithUpstream` of the spec with its own OpenAPI document, one comparison per
 *   round (it reads a document, not requests: its cost does not grow with traffic).
 *
 * Method as in bench-service.ts: CPU time (process.cpuUsage) per round; each round runs every
 * candidate once in a rotating order; ratios to the baseline are taken per round; several fresh
 * processes; median and interquartile range over all rounds. The fixed start-up (loading the spec,
 * about half a second, and the generated validator) is timed once per process and reported apart.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readRecordings, type RecordedExchange } from "../generator/src/traffic/recordings.js";
import { decodedRequest } from "../generator/src/traffic/request-verdict.js";
import { operationRouter } from "../generator/src/traffic/operations.js";
import { runConformance } from "../generator/src/traffic/run-conformance.js";
import { loadIr } from "../generator/src/ir/load-ir.js";
import { openApiDocument } from "../generator/src/openapi/openapi-document.js";
import { checkCorpus, corpusSide } from "../generator/src/commands/release/corpus-gate.js";
import { generatedValidator } from "../generator/src/commands/release/evidence.js";
import { loadServedPackages } from "../generator/src/stand-in/served-packages.js";
import { compareWithUpstream } from "../generator/src/upstream/compare-spec.js";
import { publicValidator } from "../generator/src/payload/validator-module.js";
import { targetTableOf } from "../generator/src/payload/target-table.js";
import { resolveTarget } from "../generator/src/payload/targets.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const REQUESTS = 10_000;

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

function timed(run: () => unknown): number {
  const start = cpuMicros();
  run();
  return cpuMicros() - start;
}

/** The corpus cycled to 10,000 exchanges, written as one NDJSON file (HAR entries become lines). */
function corpusFile(dir: string): string {
  const { exchanges } = readRecordings([join(ROOT, "test/fixtures/traffic")]);
  const lines: string[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const e = exchanges[i % exchanges.length]!;
    lines.push(JSON.stringify({ method: e.method, path: e.path, headers: e.headers, body: e.body, status: e.status, response: e.response }));
  }
  const file = join(dir, "traffic.ndjson");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

interface Sample {
  readonly ratios: Record<string, number[]>;
  readonly ms: Record<string, number[]>;
  readonly startupMs: number;
}

async function child(rounds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "flowspec-bench-conformance-"));
  try {
    const file = corpusFile(dir);
    const startupStart = cpuMicros();
    const ir = loadIr({ specDir: join(ROOT, "spec") }).ir!;
    const packages = await loadServedPackages(join(ROOT, "packages"), join(ROOT, "spec"));
    if (typeof packages === "string") throw new Error(packages);
    const startupMs = (cpuMicros() - startupStart) / 1000;
    const side = corpusSide(ir, await generatedValidator(ir));
    const exchanges: RecordedExchange[] = readRecordings([file]).exchanges;
    const router = operationRouter(ir);
    const validators = new Map(ir.operations.map((op) => [op.id, resolveTarget(targetTableOf(ir), op.id)]));
    const module = packages.validator;
    const baseline = () => {
      for (const e of exchanges) {
        const route = router.match(e.method, e.path.split("?")[0]!);
        if (route.kind !== "found") continue;
        const op = ir.operations.find((o) => o.id === route.operationId)!;
        const target = validators.get(op.id);
        if (target?.ok) publicValidator(module, target.target.stem)!(decodedRequest(e, op, module));
      }
    };
    const own = openApiDocument(ir);
    const candidates: [string, () => unknown][] = [
      ["baseline", baseline],
      ["conformance", () => runConformance(ir, packages.validator, readRecordings([file]).exchanges)],
      ["corpus gate", () => checkCorpus(side, side, [], readRecordings([file]).exchanges)],
      ["upstream", () => compareWithUpstream(ir, own)],
    ];
    for (const [, run] of candidates) run(); // warm-up
    const ratios: Record<string, number[]> = {};
    const ms: Record<string, number[]> = {};
    for (let r = 0; r < rounds; r++) {
      const times = new Map<string, number>();
      for (let k = 0; k < candidates.length; k++) {
        const [name, run] = candidates[(k + r) % candidates.length]!;
        times.set(name, timed(run));
      }
      for (const [name, t] of times) {
        (ms[name] ??= []).push(t / 1000);
        (ratios[name] ??= []).push(t / times.get("baseline")!);
      }
    }
    process.stdout.write(JSON.stringify({ ratios, ms, startupMs } satisfies Sample));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

function spread(values: readonly number[], digits: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${quantile(sorted, 0.5).toFixed(digits)} (IQR ${quantile(sorted, 0.25).toFixed(digits)} … ${quantile(sorted, 0.75).toFixed(digits)})`;
}

function main(processes: number, rounds: number): void {
  const samples: Sample[] = [];
  for (let p = 0; p < processes; p++) {
    const result = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--child", "--rounds", String(rounds)], { encoding: "utf8", maxBuffer: 1 << 26 });
    if (result.status !== 0) throw new Error(`a benchmark process failed:\n${result.stderr}`);
    samples.push(JSON.parse(result.stdout) as Sample);
  }
  console.log(`${REQUESTS.toLocaleString("en")} recorded requests (test/fixtures/traffic cycled), ${processes} processes × ${rounds} rounds, CPU time:\n`);
  console.log(`${"candidate".padEnd(12)} ${"ms per 10,000 requests".padEnd(30)} × baseline`);
  for (const name of ["baseline", "conformance", "corpus gate", "upstream"]) {
    const ms = samples.flatMap((s) => s.ms[name]!);
    const ratio = samples.flatMap((s) => s.ratios[name]!);
    console.log(`${name.padEnd(12)} ${spread(ms, 1).padEnd(30)} ${name === "baseline" ? "1" : spread(ratio, 2)}`);
  }
  console.log(`\nstart-up once per run (loadIr and the generated packages): ${spread(samples.map((s) => s.startupMs), 0)} ms`);
  console.log("upstream compares one document per round (the spec's own: 5 operations, every record and variant); it reads no requests");
}

const { values } = parseArgs({ options: { child: { type: "boolean" }, processes: { type: "string", default: "3" }, rounds: { type: "string", default: "8" } } });
if (values.child) await child(Number(values.rounds));
else main(Number(values.processes), Number(values.rounds));
