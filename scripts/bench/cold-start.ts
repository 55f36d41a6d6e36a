/**
 * The CPU time (`process.cpuUsage`, all threads) a fresh Node process spends importing a build of the
 * package and then on its first call, validateCreateFlowRequest on a small valid flow. Node's own
 * start is not counted. One process per measurement.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { summarize, type Summary } from "./stats.js";

const FLOW = { name: "Cold start", actions: [{ id: "noop", type: "FLOW", action: "DO_NOTHING" }, { id: "wait", type: "FLOW", action: "DELAY_FLOW", params: { number: 3, units: "SECONDS" } }] };

export interface ColdStart {
  readonly importMs: Summary;
  readonly firstCallMs: Summary;
}

/** The same import of an empty ES module: what any first import costs Node (its ES module loader), package aside. */
export function emptyModuleImport(processes: number): Summary {
  const dir = mkdtempSync(join(tmpdir(), "flowspec-empty-module-"));
  try {
    const file = join(dir, "empty.mjs");
    writeFileSync(file, "export const validateCreateFlowRequest = () => ({ ok: true });\n");
    return coldStart(file, processes).importMs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function coldStart(distFile: string, processes: number): ColdStart {
  const script = `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const t0 = cpu(); const v = await import(${JSON.stringify(pathToFileURL(distFile).href)}); const t1 = cpu();
const ok = v.validateCreateFlowRequest(${JSON.stringify(FLOW)}).ok; const t2 = cpu();
if (!ok) throw new Error("the cold-start flow is not valid");
console.log(JSON.stringify([t1 - t0, t2 - t1]));`;
  const runs = Array.from({ length: processes }, () => JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as [number, number]);
  return { importMs: summarize(runs.map((r) => r[0])), firstCallMs: summarize(runs.map((r) => r[1])) };
}
