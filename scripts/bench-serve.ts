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
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

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

/** Starts the stand-in and resolves with its base URL once it has printed it. */
function startStandIn(): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ["generator/bin/flowspec.js", "serve", "--port", "0", "--rate-limit", "1000000000"], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`flowspec serve exited with ${code} before it listened`)));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url === undefined) return;
      child.stdout.removeAllListeners("data");
      child.stdout.resume();
      resolve({ url, stop: () => (child.kill("SIGTERM"), exited) });
    });
  });
}

async function managementToken(url: string): Promise<string> {
  const body = new URLSearchParams({ grant_type: "client_credentials", client_id: "flowspec-admin", client_secret: "flowspec-admin-secret", audience: "https://flowspec.local/api/v2/" });
  const response = await fetch(`${url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  const json = (await response.json()) as { access_token?: string };
  if (json.access_token === undefined) throw new Error(`no token: ${JSON.stringify(json)}`);
  return json.access_token;
}

const schema = JSON.parse(readFileSync(`${ROOT}packages/schema/CreateFlowRequestContent.schema.json`, "utf8")) as { examples: unknown[] };
const flow = JSON.stringify(schema.examples[0]);

const standIn = await startStandIn();
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
