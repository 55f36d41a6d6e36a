/** `flowspec conformance …`: reads the options, the spec, the generated validator and the recordings, and reports. */
import { parseArgs } from "node:util";
import type { CliIo } from "../command.js";
import { formatDiagnostic } from "../../base/diagnostics.js";
import { loadIr } from "../../ir/load-ir.js";
import { loadServedPackages } from "../../stand-in/served-packages.js";
import { CONFORMANCE_USAGE } from "./usage.js";
import { readRecordings } from "../../traffic/recordings.js";
import { jsonReport, tally, textReport } from "./report.js";
import { runConformance } from "../../traffic/run-conformance.js";

function usageError(io: CliIo, message: string): number {
  io.stderr(`flowspec conformance: ${message}\n${CONFORMANCE_USAGE}\n`);
  return 2;
}

export async function conformanceMain(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { format: { type: "string" }, spec: { type: "string" }, out: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return usageError(io, (error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${CONFORMANCE_USAGE}\n`);
    return 0;
  }
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json") return usageError(io, `--format ${format}: use text or json`);
  if (positionals.length === 0) return usageError(io, "name at least one recording (a .har or .ndjson file, or a folder)");
  const specDir = values.spec ?? "spec";
  const { ir, diagnostics } = loadIr({ specDir });
  if (!ir) {
    for (const d of diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr(`${diagnostics.length} problem(s) in the spec; nothing was checked.\n`);
    return 2;
  }
  const packages = await loadServedPackages(values.out ?? "packages", specDir);
  if (typeof packages === "string") return usageError(io, packages);
  const recordings = readRecordings(positionals);
  if (recordings.problems.length > 0) {
    for (const p of recordings.problems) io.stderr(`${p.source}: ${p.message}\n`);
    io.stderr(`${recordings.problems.length} recording(s) cannot be read; nothing was checked.\n`);
    return 2;
  }
  const result = runConformance(ir, packages.validator, recordings.exchanges);
  const facts = { specVersion: ir.version, files: recordings.files, disagreements: ir.disagreements };
  io.stdout(format === "json" ? jsonReport(result, facts) : textReport(result, facts));
  return tally(result).new > 0 ? 1 : 0;
}
