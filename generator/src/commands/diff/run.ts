/**
 * `flowspec diff <old-spec-dir> [<new-spec-dir>]`: loads and checks both specs, prints the
 * changes and the bump they need. Exit 0: the new specVersion is high enough; 1: it is not, or a
 * spec has problems; 2: a usage error. The pipeline is imported when the command runs, so
 * `flowspec --help` does not load it.
 */
import { parseArgs } from "node:util";
import type { CliIo } from "../command.js";
import { DIFF_USAGE } from "./usage.js";
import { formatDiagnostic } from "../../base/diagnostics.js";
import type { SpecIR } from "../../ir/model.js";
import type { loadIr as LoadIr } from "../../ir/load-ir.js";

/** The checked IR of a spec folder, or undefined after printing its problems. */
function checkedIr(loadIr: typeof LoadIr, specDir: string, io: CliIo): SpecIR | undefined {
  const { ir, diagnostics } = loadIr({ specDir });
  if (ir) return ir;
  for (const d of diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
  io.stderr(`${diagnostics.length} problem(s) in the spec ${specDir}; nothing was compared.\n`);
  return undefined;
}

export async function diffMain(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${DIFF_USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    io.stdout(`${DIFF_USAGE}\n`);
    return 0;
  }
  const [oldDir, newDir = "spec", ...extra] = parsed.positionals;
  if (oldDir === undefined || extra.length > 0) {
    io.stderr(`${DIFF_USAGE}\n`);
    return 2;
  }
  const [{ loadIr }, { diffSpecs }, { formatDiff }] = await Promise.all([import("../../ir/load-ir.js"), import("../../diff/diff-specs.js"), import("../../diff/format-diff.js")]);
  const before = checkedIr(loadIr, oldDir, io);
  const after = checkedIr(loadIr, newDir, io);
  if (!before || !after) return 1;
  const diff = diffSpecs(before, after);
  for (const line of formatDiff(diff)) io.stdout(`${line}\n`);
  return diff.sufficient ? 0 : 1;
}
