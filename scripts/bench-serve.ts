/**
 * `npx tsx scripts/bench-serve.ts [--processes 2] [--rounds 3] [--duration 5] [--connections 100]
 * [--peer alike|minimal] [--cpu-prof DIR]` (or `npm run bench:serve`): load on `flowspec serve`,
 * next to a small Fastify + jose + Ajv service doing the same work (scripts/bench/fastify-server.ts;
 * `alike`, the default, also answers with the rate limit's headers and keeps the flows, as the
 * stand-in does), measured in the same run. CPU is reported whole and for the main thread alone.
 *
 * Each server runs in a child process of its own (the stand-in as a user starts it, `flowspec serve
 * --port 0`), so the load generator does not share its event loop. The stand-in issues a management
 * token once; the peer verifies the same token against the key the stand-in publishes (with jose, on
 * every request; the stand-in remembers a token it verified, stand-in/verified-tokens.ts, so it
 * checks this one's signature once: scripts/README.md gives figures with that memory off too). autocannon
 * sends POST /api/v2/flows with the spec's example flow and that token over 100 connections, with a
 * rate limit far above what the run can reach. Both servers are warmed up first (JIT, connections).
 *
 * Then rounds: in each, both servers take the same load for `duration` seconds one after the other
 * (the order alternates), and the round gives two ratios, the stand-in's requests per second over
 * the peer's, and the peer's CPU per request over the stand-in's; above 1, the stand-in is ahead.
 * CPU is each server process's own (user + system, from /proc/<pid>/stat on Linux), so what else
 * runs on the machine changes requests per second much more than it changes CPU per request. The
 * servers are started afresh for each of `processes` runs; the report is the median and the
 * interquartile range of all rounds' ratios, with the absolute figures, errors and the machine's load.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { summarize, type Summary } from "./bench/stats.js";
import { ownTicks, statFields, TICKS_PER_SECOND } from "./bench/proc-stat.js";
import { managementToken, ROOT } from "./serve-process.js";

/** The part of autocannon's result this script reads (it ships no types). */
interface Result {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly statusCodeStats: Readonly<Record<string, { readonly count: number }>>;
}

type Autocannon = (options: Record<string, unknown>) => Promise<Result>;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const { values } = parseArgs({
  options: {
    processes: { type: "string", default: "2" },
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "100" },
    "cpu-prof": { type: "string" },
    peer: { type: "string", default: "alike" },
  },
});
const [processes, rounds, duration, connections] = [values.processes, values.rounds, values.duration, values.connections].map(Number) as [number, number, number, number];
/** `--cpu-prof DIR`: each server writes a V8 CPU profile there when it stops (node --cpu-prof). */
/** Far above what a run can reach: both servers count every request, neither refuses one. */
const RATE_LIMIT = 1_000_000_000;
/** `--peer alike` (default): the peer answers as the stand-in does (rate limit and its headers, flows kept); `minimal` leaves those out. */
const peerMode = values.peer === "minimal" ? "minimal" : "alike";
const profileArgs = values["cpu-prof"] === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", values["cpu-prof"]];

/** CPU so far (user + system) in microseconds, of a whole process or, with `tid`, one of its threads. */
function cpuMicros(pid: number, tid?: number): number {
  return (ownTicks(statFields(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`)) / TICKS_PER_SECOND) * 1e6;
}

interface Server {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  stop(): Promise<number | null>;
}

/** Starts a server process and resolves once it has printed the URL it listens on. */
function start(name: string, args: readonly string[]): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code} before it listened`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url === undefined) return;
      child.stdout!.removeAllListeners("data");
      child.stdout!.resume();
      resolve({ name, url, pid: child.pid!, stop: () => (child.kill("SIGTERM"), exited) });
    });
  });
}

const schema = JSON.parse(readFileSync(`${ROOT}packages/schema/CreateFlowRequestContent.schema.json`, "utf8")) as { examples: unknown[] };
const flow = JSON.stringify(schema.examples[0]);

interface Run {
  readonly rps: number;
  readonly cpuPerRequestMicros: number;
  /** Of it, the main thread's (JavaScript, parsing, writes); the rest is libuv's pool (the RSA verify) and V8's helpers. */
  readonly mainThreadPerRequestMicros: number;
  readonly result: Result;
}

/** Requests each server answered, warm-up included: what a CPU profile's time divides by. */
const served = new Map<Server, number>();

async function load(server: Server, token: string, seconds: number): Promise<Run> {
  const before = cpuMicros(server.pid);
  const mainBefore = cpuMicros(server.pid, server.pid);
  const result = await autocannon({
    url: `${server.url}/api/v2/flows`,
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: flow,
    connections,
    duration: seconds,
  });
  const cpu = cpuMicros(server.pid) - before;
  const mainThread = cpuMicros(server.pid, server.pid) - mainBefore;
  served.set(server, (served.get(server) ?? 0) + result.requests.total);
  const requests = Math.max(1, result.requests.total);
  return { rps: result.requests.total / seconds, cpuPerRequestMicros: cpu / requests, mainThreadPerRequestMicros: mainThread / requests, result };
}

const runs = { standIn: [] as Run[], peer: [] as Run[] };
const ratios = { rps: [] as number[], cpu: [] as number[] };
const loadBefore = loadavg()[0]!;
let failed = false;
for (let p = 0; p < processes; p++) {
  process.stderr.write(`servers ${p + 1} of ${processes}…\n`);
  const standIn = await start("flowspec serve", [...profileArgs, "generator/bin/flowspec.js", "serve", "--port", "0", "--rate-limit", String(RATE_LIMIT)]);
  let peer: Server | undefined;
  try {
    const token = await managementToken(standIn.url);
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { iss: string; aud: string };
    peer = await start("Fastify + jose + Ajv", [...profileArgs, "--import", "tsx", "scripts/bench/fastify-server.ts", claims.iss, claims.aud, `${standIn.url}/.well-known/jwks.json`, peerMode, String(RATE_LIMIT)]);
    for (const server of [standIn, peer]) await load(server, token, 2);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [standIn, peer] : [peer, standIn];
      const [a, b] = [await load(order[0]!, token, duration), await load(order[1]!, token, duration)];
      const [ours, theirs] = order[0] === standIn ? [a, b] : [b, a];
      runs.standIn.push(ours);
      runs.peer.push(theirs);
      ratios.rps.push(ours.rps / theirs.rps);
      ratios.cpu.push(theirs.cpuPerRequestMicros / ours.cpuPerRequestMicros);
    }
  } finally {
    if (profileArgs.length > 0) for (const [server, count] of served) process.stderr.write(`${server.name} (pid ${server.pid}) answered ${count} requests in all\n`);
    served.clear();
    for (const server of [peer, standIn]) {
      const code = await server?.stop();
      if (server !== undefined && code !== 0 && code !== null) {
        console.error(`${server.name} exited with ${code} on SIGTERM`);
        failed = true;
      }
    }
  }
}
const loadAfter = loadavg()[0]!;

const range = (s: Summary, digits = 2) => `${s.median.toFixed(digits)} (${s.q1.toFixed(digits)}–${s.q3.toFixed(digits)})`;
console.log(`POST /api/v2/flows with a verified RS256 token, the peer ${peerMode === "alike" ? "answering alike (rate limit and its headers, flows kept)" : "minimal"}, ${connections} connections, ${processes} × ${rounds} rounds of ${duration} s per server, body ${Buffer.byteLength(flow)} bytes (the spec's example flow)`);
console.log("| server | requests/s | CPU per request | of it, main thread | p50 | p99 | errors, timeouts, non-2xx |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const [name, list] of [["flowspec serve", runs.standIn], ["Fastify + jose + Ajv", runs.peer]] as const) {
  const statuses = list.reduce((sum, r) => sum + r.result.errors + r.result.timeouts + r.result.non2xx, 0);
  if (statuses > 0) failed = true;
  console.log(`| ${name} | ${range(summarize(list.map((r) => r.rps)), 0)} | ${range(summarize(list.map((r) => r.cpuPerRequestMicros)), 0)} µs | ${range(summarize(list.map((r) => r.mainThreadPerRequestMicros)), 0)} µs | ${summarize(list.map((r) => r.result.latency.p50)).median} ms | ${summarize(list.map((r) => r.result.latency.p99)).median} ms | ${statuses} |`);
}
console.log(`\nstand-in over peer, per round (n = ${ratios.rps.length}): requests/s ${range(summarize(ratios.rps))}; the peer's CPU per request over the stand-in's ${range(summarize(ratios.cpu))}. Above 1: the stand-in is ahead.`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}, Node ${process.version}`);
if (failed) process.exitCode = 1;
