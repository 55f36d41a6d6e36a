/**
 * `npx tsx scripts/bench-validate.ts [--runs 9]`: the CPU time of `flowspec validate` on one small
 * JSON file, as a user runs it (a fresh `node generator/bin/flowspec.js` process each time):
 *
 * - fresh: the packages were generated from the spec as it is, so the command reads the `--as`
 *   table beside the validator and never parses the spec;
 * - stale: the same command with `--spec` on a copy of the spec with one comment added, so the
 *   stamp does not match and the spec is loaded and checked (what every run cost before);
 * - `flowspec --help`, the floor: Node's start and the command table.
 *
 * CPU is the process's own user + system time, read by a module preloaded with `--import` when the
 * process exits (Node's start before the first module is not in it). The three run in turn, `runs`
 * times; the report is the median and the interquartile range of each.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { summarize } from "./bench/stats.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const runs = Number(parseArgs({ options: { runs: { type: "string", default: "9" } } }).values.runs);
const REPORT_CPU = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("cpu-ms "+(u.user+u.system)/1000+"\\n")})`;

function cpuMs(args: readonly string[]): number {
  const run = spawnSync(process.execPath, ["--import", REPORT_CPU, join(ROOT, "generator", "bin", "flowspec.js"), ...args], { cwd: ROOT, encoding: "utf8" });
  const ms = /cpu-ms (\S+)/.exec(run.stderr)?.[1];
  if (run.status !== 0 || ms === undefined) throw new Error(`flowspec ${args.join(" ")} exited with ${run.status}:\n${run.stdout}${run.stderr}`);
  return Number(ms);
}

const scratch = mkdtempSync(join(tmpdir(), "flowspec-bench-validate-"));
try {
  const body = join(scratch, "flow.json");
  writeFileSync(body, JSON.stringify({ name: "Onboarding", actions: [{ id: "tax", type: "STRIPE", action: "ADD_TAX_ID", params: { connection_id: "ac_YMgcyhMk2TVVHEA7QFcou2", customer_id: "cus_1", type: "eu_vat", value: "DE123" } }] }));
  const staleSpec = join(scratch, "spec");
  cpSync(join(ROOT, "spec"), staleSpec, { recursive: true });
  appendFileSync(join(staleSpec, "limits.yaml"), "\n# edited after generate\n");
  const cases: [string, string[]][] = [
    ["flowspec validate, packages fresh", ["validate", body, "--as", "post_flows"]],
    ["flowspec validate, packages stale (the spec is loaded)", ["validate", body, "--as", "post_flows", "--spec", staleSpec]],
    ["flowspec --help (the floor)", ["--help"]],
  ];
  const times = cases.map((): number[] => []);
  for (let i = 0; i < runs; i++) for (const [k, [, args]] of cases.entries()) times[k]!.push(cpuMs(args));
  console.log(`CPU of one process (user + system), median (interquartile range) of ${runs}, interleaved:`);
  for (const [k, [name]] of cases.entries()) {
    const s = summarize(times[k]!);
    console.log(`  ${name}: ${s.median.toFixed(0)} ms (${s.q1.toFixed(0)}–${s.q3.toFixed(0)})`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
