/**
 * `npx tsx scripts/bench-serve.ts [--duration 10] [--connections 100]`: load on `flowspec serve`.
 *
 * The stand-in runs in a child process of its own (`flowspec serve --port 0`, as a user starts it),
 * so the load generator does not share its event loop. It gets a management token once; then
 * autocannon sends POST /api/v2/flows with the spec's own example flow and that token over 100
 * connections, with a rate limit far above what the run can reach. A short warm-up run comes first
 * (JIT, connection set-up), and is not counted. The report: requests per second, latency (p50, p99),
 * errors, timeouts, responses that were not 201, and the machine's load while it ran.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { managementToken, ROOT, startStandInProcess } from "./serve-process.js";

/** The part of autocannon's result this script reads (it ships no types). */
interface Result {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly statusCodeStats: Readonly<Record<string, { readonly count: number }>>;
}

type Autocannon = (options: Record<string, unknown>) => Promise<Result>;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const { values } = parseArgs({ options: { duration: { type: "string", default: "10" }, connections: { type: "string", default: "100" } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

const schema = JSON.parse(readFileSync(`${ROOT}packages/schema/CreateFlowRequestContent.schema.json`, "utf8")) as { examples: unknown[] };
const flow = JSON.stringify(schema.examples[0]);

const standIn = await startStandInProcess(["--rate-limit", "1000000000"]);
try {
  const token = await managementToken(standIn.url);
  const request = {
    url: `${standIn.url}/api/v2/flows`,
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: flow,
    connections,
  };
  await autocannon({ ...request, duration: 2 });
  const loadBefore = loadavg()[0]!;
  const result = await autocannon({ ...request, duration });
  const loadAfter = loadavg()[0]!;
  const statuses = Object.entries(result.statusCodeStats).map(([status, { count }]) => `${status}: ${count}`).join(", ");
  console.log(`POST /api/v2/flows, ${connections} connections, ${duration} s, body ${Buffer.byteLength(flow)} bytes (the spec's example flow, 4 actions)`);
  console.log(`  requests/s   ${Math.round(result.requests.average)} (total ${result.requests.total})`);
  console.log(`  latency      p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  errors       ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} (${statuses})`);
  console.log(`  machine      ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}, Node ${process.version}`);
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) process.exitCode = 1;
} finally {
  const code = await standIn.stop();
  if (code !== 0) {
    console.error(`flowspec serve exited with ${code} on SIGTERM`);
    process.exitCode = 1;
  }
}
