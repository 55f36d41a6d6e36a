/**
 * One benchmark process (started by scripts/bench-validator.ts): builds every peer, checks that each
 * gives the expected verdict on each case, then measures rounds. In a round every column (a case,
 * and for invalid input the report in first-error and all-errors mode) times every peer once, in an
 * order that rotates from round to round, each time right next to a batch of ours (before it in even
 * rounds, after it in odd ones), so that a ratio compares two batches run a few milliseconds apart:
 * a shared machine changes speed over seconds. A batch is the CPU time (`process.cpuUsage`) of
 * enough calls to take about BATCH_MS (ERROR_BATCH_MS for error reports). Before the rounds every call runs for WARM_MS so the engine has optimized it. The process runs with `--single-threaded`: the garbage collector and the
 * optimizing compiler then work on the main thread, so their time is charged to the batch that
 * caused it, not to whichever batch runs while a helper thread finishes. It prints one JSON object:
 * per column and peer, the ratio of each round, and our time per call.
 *
 * Arguments: rounds, the peer set ("others", or "ajv": ours and Ajv alone, whose timing moves with
 * what else the process has loaded), a regular expression the columns' names must match, and
 * optionally an earlier build of the package (with "others").
 */
import { fileURLToPath } from "node:url";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import { benchCases } from "./payloads.js";
import { irPeers, packagePeer, type Peer } from "./peers.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface WorkerResult {
  readonly columns: readonly string[];
  /** The peers, ours first. */
  readonly peers: readonly string[];
  /** column → peer → its time over ours, one per round (absent: the peer has no such call or disagrees). */
  readonly ratios: Record<string, Record<string, number[]>>;
  /** column → our time per call in ns, one per batch. */
  readonly ours: Record<string, number[]>;
  readonly notes: readonly string[];
}

interface Column {
  readonly name: string;
  readonly input: unknown;
  readonly call: (peer: Peer) => ((input: unknown) => unknown) | undefined;
  /** What the call must return for the peer to be timed: true/false for verdicts, > 0 errors for reports. */
  readonly expected: (result: unknown) => boolean;
  readonly batchMs: number;
}

/** A batch of valid input; error reports allocate, and a batch of them must hold several collections. */
const BATCH_MS = 5;
const ERROR_BATCH_MS = 40;
const WARM_MS = 100;

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/**
 * Runs a peer's calls on every input in turn for about WARM_MS each, so the engine has seen every
 * shape before anything is timed (a peer that first meets 61 variants in the middle of a column
 * would be timed while it re-optimizes).
 */
function warmUp(calls: readonly { fn: (input: unknown) => unknown; input: unknown }[]): void {
  const until = cpuMicros() + WARM_MS * 1000 * calls.length;
  while (cpuMicros() < until) for (const { fn, input } of calls) for (let i = 0; i < 20; i++) fn(input);
}

/** How many calls take about `batchMs` of CPU. */
function calibrate(fn: (input: unknown) => unknown, input: unknown, batchMs: number): number {
  let reps = 1;
  for (;;) {
    const start = cpuMicros();
    for (let i = 0; i < reps; i++) fn(input);
    const spent = cpuMicros() - start;
    if (spent >= 2_000 || reps >= 1 << 24) return Math.max(1, Math.round((reps * batchMs * 1000) / Math.max(spent, 1)));
    reps *= 4;
  }
}

function timeBatch(fn: (input: unknown) => unknown, input: unknown, reps: number): number {
  const start = cpuMicros();
  for (let i = 0; i < reps; i++) fn(input);
  return ((cpuMicros() - start) * 1000) / reps;
}

async function main(): Promise<void> {
  const [roundsArg, only, columnFilter, previous, peerFilter, oursPath] = process.argv.slice(2);
  const rounds = Number(roundsArg ?? 15);
  const set = only === "ajv" ? "ajv" : "others";
  const ir = loadIr({ specDir: `${ROOT}spec` }).ir!;
  const ours = (await import(oursPath ?? `${ROOT}packages/validator/dist/index.js`)) as { validateCreateFlowRequest: Parameters<typeof packagePeer>[1]; validateFlowAction: (x: unknown) => { ok: boolean } };
  const notes: string[] = [];
  const peers: Peer[] = [packagePeer("@flowspec/validator", ours.validateCreateFlowRequest)];
  if (previous && previous !== "-" && set === "others") peers.push(packagePeer("@flowspec/validator, previous build", ((await import(previous)) as { validateCreateFlowRequest: Parameters<typeof packagePeer>[1] }).validateCreateFlowRequest));
  const wantedPeers = new RegExp(peerFilter ?? "");
  peers.push(...(await irPeers(ir, notes, set)).filter((peer) => wantedPeers.test(peer.name)));
  const cases = benchCases(ir, (action) => ours.validateFlowAction(action).ok);
  const wanted = new RegExp(columnFilter ?? "");
  const columns: Column[] = cases.flatMap((c): Column[] => {
    if (c.valid) return [{ name: c.name, input: c.input, call: (p) => p.check, expected: (r) => r === true, batchMs: BATCH_MS }];
    return [
      { name: `${c.name}, first issue`, input: c.input, call: (p) => p.report, expected: (r) => typeof r === "number" && r > 0, batchMs: ERROR_BATCH_MS },
      { name: `${c.name}, all issues`, input: c.input, call: (p) => p.reportAll, expected: (r) => typeof r === "number" && r > 0, batchMs: ERROR_BATCH_MS },
    ];
  }).filter((column) => wanted.test(column.name));
  const usable = new Map<Peer, { column: Column; fn: (input: unknown) => unknown }[]>();
  for (const peer of peers) {
    const calls: { column: Column; fn: (input: unknown) => unknown }[] = [];
    for (const column of columns) {
      const fn = column.call(peer);
      if (fn === undefined) continue;
      const result = fn(column.input);
      if (column.expected(result)) calls.push({ column, fn });
      else notes.push(`${peer.name} gives ${JSON.stringify(result)} on "${column.name}": not timed`);
    }
    warmUp(calls.map(({ column, fn }) => ({ fn, input: column.input })));
    usable.set(peer, calls);
  }
  const timed = new Map<string, { peer: Peer; fn: (input: unknown) => unknown; reps: number }[]>();
  for (const column of columns) {
    const list: { peer: Peer; fn: (input: unknown) => unknown; reps: number }[] = [];
    for (const peer of peers) {
      const call = usable.get(peer)!.find((x) => x.column === column);
      if (call !== undefined) list.push({ peer, fn: call.fn, reps: calibrate(call.fn, column.input, column.batchMs) });
    }
    timed.set(column.name, list);
  }
  const ratios: WorkerResult["ratios"] = {};
  const ourTimes: WorkerResult["ours"] = {};
  for (let round = 0; round < rounds; round++) {
    for (const column of columns) {
      const [base, ...others] = timed.get(column.name)!;
      if (base === undefined || base.peer !== peers[0]) continue;
      for (let k = 0; k < others.length; k++) {
        const { peer, fn, reps } = others[(k + round) % others.length]!;
        const first = round % 2 === 0 ? timeBatch(base.fn, column.input, base.reps) : timeBatch(fn, column.input, reps);
        const second = round % 2 === 0 ? timeBatch(fn, column.input, reps) : timeBatch(base.fn, column.input, base.reps);
        const [mine, theirs] = round % 2 === 0 ? [first, second] : [second, first];
        ((ratios[column.name] ??= {})[peer.name] ??= []).push(theirs / mine);
        (ourTimes[column.name] ??= []).push(mine);
      }
    }
  }
  const result: WorkerResult = { columns: columns.map((c) => c.name), peers: peers.map((p) => p.name), ratios, ours: ourTimes, notes };
  process.stdout.write(JSON.stringify(result));
}

void main();
