/**
 * `npx tsx scripts/bench-service.ts [--processes 5] [--rounds 40]`: what the request check costs over
 * the validator alone, on valid JSON bodies (the path every accepted request takes).
 *
 * - raw: `createRequestCheck("post_flows")` given the body as text (headers, claims, Content-Type,
 *   size, JSON.parse, validation) against `validateCreateFlowRequest(JSON.parse(text))`;
 * - parsed: the check given the parsed body against `validateCreateFlowRequest(body)`.
 *
 * Method: CPU time (process.cpuUsage, user + system) per round of a fixed number of calls; in every
 * round each candidate runs once, in a rotating order, so drift and warm-up hit all of them alike;
 * the ratio check / baseline is taken per round. Each (body, allErrors) pair runs in fresh processes
 * of its own (what ran before in a process changes the JIT's choices, measured here: the first pair
 * in a process paid several points more), several of them; the report is the median and the
 * interquartile range of all per-round ratios, and each process's median.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadIr } from "../generator/src/ir/load-ir.js";
import { validateCreateFlowRequest } from "../packages/validator/dist/index.js";
import { createRequestCheck, type ServiceRequest } from "../packages/validator/dist/service.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const ROUND_MS = 25;

type Json = Record<string, unknown>;

/** The bodies: the spec's own example flow, and the smallest valid one (the worst case for overhead). */
function bodies(): [string, Json][] {
  const ir = loadIr({ specDir: `${ROOT}spec` }).ir!;
  const example = ir.records.find((r) => r.name === "CreateFlowRequestContent")!.examples![0] as Json;
  return [
    ["spec example", example],
    ["{name} only", { name: "Sign-up" }],
  ];
}

interface Candidate {
  readonly name: string;
  readonly run: () => unknown;
}

function candidates(body: Json, allErrors: boolean): Candidate[] {
  const text = JSON.stringify(body);
  const check = createRequestCheck("post_flows", { globalClients: ["global-client"], allErrors });
  // Node's IncomingHttpHeaders of such a request: lower-case names, the length the client sent.
  const headers = { host: "api.example.com", "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), authorization: "Bearer x" };
  const request = { method: "POST", headers, claims: { azp: "global-client", scope: "read:flows create:flows" } };
  const raw: ServiceRequest = { ...request, rawBody: text };
  const parsed: ServiceRequest = { ...request, body };
  const options = { allErrors };
  const must = (ok: boolean) => {
    if (!ok) throw new Error("a candidate refused the valid body");
  };
  return [
    { name: "validate(JSON.parse)", run: () => must(validateCreateFlowRequest(JSON.parse(text), options).ok) },
    { name: "check(raw)", run: () => must(check(raw).ok) },
    { name: "validate(parsed)", run: () => must(validateCreateFlowRequest(body, options).ok) },
    { name: "check(parsed)", run: () => must(check(parsed).ok) },
  ];
}

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

function timeCalls(run: () => unknown, calls: number): number {
  const start = cpuMicros();
  for (let i = 0; i < calls; i++) run();
  return cpuMicros() - start;
}

/** Calls per round so the slowest candidate takes about ROUND_MS of CPU. */
function calibrate(list: readonly Candidate[]): number {
  let calls = 100;
  for (;;) {
    const slowest = Math.max(...list.map((c) => timeCalls(c.run, calls)));
    if (slowest >= ROUND_MS * 1000 / 4) return Math.ceil((calls * ROUND_MS * 1000) / slowest);
    calls *= 4;
  }
}

interface Config {
  readonly body: string;
  readonly allErrors: boolean;
}

/** Every (body, mode) pair; each is measured in processes of its own, so none runs on another's JIT state. */
function configs(): Config[] {
  return bodies().flatMap(([body]) => [true, false].map((allErrors) => ({ body, allErrors })));
}

type Ratios = { raw: number[]; parsed: number[] };

/** One process, one configuration: per-round ratios check(raw)/validate(JSON.parse) and check(parsed)/validate(parsed). */
function child(config: Config, rounds: number): void {
  const body = bodies().find(([label]) => label === config.body)![1];
  const list = candidates(body, config.allErrors);
  const calls = calibrate(list);
  for (let w = 0; w < 3; w++) for (const c of list) timeCalls(c.run, calls);
  const ratios: Ratios = { raw: [], parsed: [] };
  for (let r = 0; r < rounds; r++) {
    const times = new Map<string, number>();
    for (let k = 0; k < list.length; k++) {
      const c = list[(k + r) % list.length]!;
      times.set(c.name, timeCalls(c.run, calls));
    }
    ratios.raw.push(times.get("check(raw)")! / times.get("validate(JSON.parse)")!);
    ratios.parsed.push(times.get("check(parsed)")! / times.get("validate(parsed)")!);
  }
  process.stdout.write(JSON.stringify(ratios));
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

function summary(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (x: number) => `${((x - 1) * 100).toFixed(1)}%`;
  return `median ${pct(quantile(sorted, 0.5))}, IQR ${pct(quantile(sorted, 0.25))} … ${pct(quantile(sorted, 0.75))}`;
}

function runChild(config: Config, rounds: number): Ratios {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), "--child", JSON.stringify(config), "--rounds", String(rounds)];
  const result = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 24 });
  if (result.status !== 0) throw new Error(`a benchmark process failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as Ratios;
}

function main(processes: number, rounds: number): void {
  console.log(`Request check vs the validator alone, valid JSON body (${processes} processes × ${rounds} rounds per line, CPU time):`);
  console.log("cost of the check over its baseline (positive = slower); per-process medians in brackets\n");
  for (const config of configs()) {
    const runs = Array.from({ length: processes }, () => runChild(config, rounds));
    for (const mode of ["raw", "parsed"] as const) {
      const all = runs.flatMap((r) => r[mode]);
      const perProcess = runs.map((r) => summary(r[mode]).split(",")[0]!.replace("median ", "")).join(" ");
      const baseline = mode === "raw" ? "validate(JSON.parse(text))" : "validate(body)";
      const label = `${config.body}, allErrors ${config.allErrors}`;
      console.log(`${label.padEnd(30)} check(${mode}) vs ${baseline.padEnd(27)} ${summary(all)}  [${perProcess}]`);
    }
  }
}

const { values } = parseArgs({ options: { child: { type: "string" }, processes: { type: "string", default: "5" }, rounds: { type: "string", default: "40" } } });
if (values.child !== undefined) child(JSON.parse(values.child) as Config, Number(values.rounds));
else main(Number(values.processes), Number(values.rounds));
