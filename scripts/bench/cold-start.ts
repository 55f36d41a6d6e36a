/**
 * The CPU time (`process.cpuUsage`, all threads) a fresh Node process spends importing a build of the
 * package and then on its first call, validateCreateFlowRequest on a small valid flow. Node's own
 * start is not counted. One process per measurement.
 *
 * Two ways: as the first module the process imports (`warmLoader: false`), which also pays for
 * Node's ES module loader getting ready (about 9 ms here, whatever is imported), and after the
 * process has imported an empty module (`warmLoader: true`), which is what the package itself costs,
 * as in a service or a test run that has imported anything before it.
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

export interface ColdStartOptions {
  /** Import an empty module first, so the loader's own start is not counted. */
  readonly warmLoader: boolean;
}

/** A folder with two empty ES modules (one to warm the loader, one to measure), removed after `use`. */
function withEmptyModules<T>(use: (warmUp: string, measured: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "flowspec-empty-module-"));
  try {
    const warmUp = join(dir, "warm-up.mjs");
    const measured = join(dir, "empty.mjs");
    writeFileSync(warmUp, "export {};\n");
    writeFileSync(measured, "export const validateCreateFlowRequest = () => ({ ok: true });\n");
    return use(warmUp, measured);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same import of an empty ES module: what any import costs Node, package aside. */
export function emptyModuleImport(processes: number, warmLoader: boolean): Summary {
  return withEmptyModules((warmUp, measured) => measure(measured, processes, warmLoader ? warmUp : null).importMs);
}

function measure(distFile: string, processes: number, warmUp: string | null): ColdStart {
  const url = (file: string) => JSON.stringify(pathToFileURL(file).href);
  const script = `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
${warmUp === null ? "" : `await import(${url(warmUp)});`}
const t0 = cpu(); const v = await import(${url(distFile)}); const t1 = cpu();
const ok = v.validateCreateFlowRequest(${JSON.stringify(FLOW)}).ok; const t2 = cpu();
if (!ok) throw new Error("the cold-start flow is not valid");
console.log(JSON.stringify([t1 - t0, t2 - t1]));`;
  const runs = Array.from({ length: processes }, () => JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as [number, number]);
  return { importMs: summarize(runs.map((r) => r[0])), firstCallMs: summarize(runs.map((r) => r[1])) };
}

export function coldStart(distFile: string, processes: number, options: ColdStartOptions): ColdStart {
  if (!options.warmLoader) return measure(distFile, processes, null);
  return withEmptyModules((warmUp) => measure(distFile, processes, warmUp));
}
