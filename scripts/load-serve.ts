/**
 * `npx tsx scripts/load-serve.ts [--connections 1000] [--idle 500] [--seconds 10]`: `flowspec serve` under the
 * resource attack of issue 23, on loopback only, bounded in count (at most 5,000 connections) and
 * time (the attack phase lasts `--seconds`, at most 60). Not part of `npm test`.
 *
 * The stand-in runs in its own process (serve-process.ts), with its default limits. The attack
 * opens `--connections` connections at once, each announcing a 1 MiB JSON body to POST
 * /api/v2/flows without a token and writing it as fast as the socket takes it, then holding the
 * connection idle; before the fix the stand-in read every such body (1,000 of them added 925 MB).
 * Beside them `--idle` connections send half a request line and then nothing (held until the
 * stand-in's header timeout ends them).
 * Meanwhile a legitimate client, with a token it got before the attack, creates flows one after
 * another (20 a second, inside its rate limit), and asks for one more token. The stand-in's resident memory (VmRSS of its process, read
 * from /proc every 100 ms) is reported before, at the peak of and after the attack, with the
 * attack's answers and the legitimate client's successes and latency. Exit 1 when a legitimate
 * request failed or memory grew past `--max-growth-mb` (default 200). `--root DIR` runs the
 * stand-in of another checkout (with its packages generated and its dependencies installed), for a
 * before and after.
 */
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { parseArgs } from "node:util";
import { managementToken, ROOT, startStandInProcess } from "./serve-process.js";

const { values } = parseArgs({ options: { connections: { type: "string", default: "1000" }, idle: { type: "string", default: "500" }, seconds: { type: "string", default: "10" }, "max-growth-mb": { type: "string", default: "200" }, root: { type: "string" } } });
const connections = Math.min(5_000, Math.max(1, Number(values.connections)));
const idle = Math.min(5_000, Math.max(0, Number(values.idle)));
const seconds = Math.min(60, Math.max(1, Number(values.seconds)));
const maxGrowthMb = Number(values["max-growth-mb"]);
const BODY_BYTES = 1_048_576;
const CHUNK = Buffer.alloc(65_536, 0x20);

/** Resident memory of a process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

interface AttackTally {
  statuses: Map<string, number>;
  closedByServer: number;
  bytesWritten: number;
}

/** One attacking connection: headers for a 1 MiB body without a token, then the body as fast as it goes, then idle. */
function attack(url: URL, tally: AttackTally, sockets: Socket[]): void {
  const socket = connect(Number(url.port), url.hostname);
  sockets.push(socket);
  let answered = false;
  let sent = 0;
  const pump = (): void => {
    while (sent < BODY_BYTES && !socket.destroyed) {
      sent += CHUNK.length;
      tally.bytesWritten += CHUNK.length;
      if (!socket.write(CHUNK)) return void socket.once("drain", pump);
    }
  };
  socket.on("connect", () => {
    socket.write(`POST /api/v2/flows HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`);
    pump();
  });
  socket.on("data", (chunk: Buffer) => {
    if (answered) return;
    answered = true;
    const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1"))?.[1] ?? "other";
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  });
  socket.on("close", () => void tally.closedByServer++);
  socket.on("error", () => undefined);
}

const flow = JSON.stringify((JSON.parse(readFileSync(`${ROOT}packages/schema/CreateFlowRequestContent.schema.json`, "utf8")) as { examples: unknown[] }).examples[0]);

const standIn = await startStandInProcess([], values.root);
const url = new URL(standIn.url);
const sockets: Socket[] = [];
try {
  const token = await managementToken(standIn.url);
  const create = async (): Promise<{ ok: boolean; ms: number }> => {
    const start = performance.now();
    try {
      const response = await fetch(`${standIn.url}/api/v2/flows`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: flow });
      await response.arrayBuffer();
      return { ok: response.status === 201, ms: performance.now() - start };
    } catch {
      return { ok: false, ms: performance.now() - start };
    }
  };
  for (let i = 0; i < 50; i++) await create(); // warm-up
  const before = rssMb(standIn.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(standIn.pid))), 100);

  const tally: AttackTally = { statuses: new Map(), closedByServer: 0, bytesWritten: 0 };
  for (let i = 0; i < connections; i++) attack(url, tally, sockets);
  let idleClosed = 0;
  for (let i = 0; i < idle; i++) {
    const socket = connect(Number(url.port), url.hostname, () => socket.write("POST /api/v2/fl"));
    socket.on("close", () => void idleClosed++);
    socket.on("error", () => undefined);
    sockets.push(socket);
  }
  // Paced at 20 requests a second, well inside the management limit (1,000 a minute per client).
  const legit: { ok: boolean; ms: number }[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    legit.push(await create());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tokenDuring = await managementToken(standIn.url).then(() => true, () => false);
  const idleClosedAtEnd = idleClosed;
  clearInterval(sampler);
  const during = rssMb(standIn.pid);
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = rssMb(standIn.pid);

  const latencies = legit.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(1) ?? "-";
  const failed = legit.filter((r) => !r.ok).length;
  const answers = [...tally.statuses].map(([status, count]) => `${status}: ${count}`).join(", ") || "none";
  console.log(`flowspec serve under ${connections} connections announcing ${BODY_BYTES} bytes each without a token, ${seconds} s, loopback`);
  console.log(`  attack       answers ${answers}; closed by the server ${tally.closedByServer} of ${connections}; ${(tally.bytesWritten / 1_048_576).toFixed(0)} MiB handed to the sockets`);
  console.log(`  idle         ${idle} connections holding half a request line; ${idleClosedAtEnd} closed by the stand-in within ${seconds} s`);
  console.log(`  legitimate   ${legit.length - failed} of ${legit.length} flows created during the attack (p50 ${at(0.5)} ms, p99 ${at(0.99)} ms); a new token ${tokenDuring ? "issued" : "REFUSED"}`);
  console.log(`  memory (RSS) ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak (+${(peak - before).toFixed(0)} MB), ${during.toFixed(0)} MB at the end, ${after.toFixed(0)} MB after`);
  if (failed > 0 || !tokenDuring || legit.length === 0 || peak - before > maxGrowthMb) process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.destroy();
  const code = await standIn.stop();
  if (code !== 0) {
    console.error(`flowspec serve exited with ${code} on SIGTERM`);
    process.exitCode = 1;
  }
}
