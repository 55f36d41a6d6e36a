/** `flowspec upstream <document>`: reads the options, the spec and the document, and reports. */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import type { CliIo } from "../command.js";
import { formatDiagnostic } from "../../base/diagnostics.js";
import { loadIr } from "../../ir/load-ir.js";
import { UPSTREAM_USAGE } from "./usage.js";
import { compareWithUpstream } from "../../upstream/compare-spec.js";
import type { JsonSchema } from "../../upstream/openapi-read.js";
import { upstreamJson, upstreamText } from "./report.js";

function usageError(io: CliIo, message: string): number {
  io.stderr(`flowspec upstream: ${message}\n${UPSTREAM_USAGE}\n`);
  return 2;
}

/** The document, or why it is not an OpenAPI 3.x document. */
function readDocument(file: string): JsonSchema | string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return `${file}: cannot be read`;
  }
  let value: unknown;
  try {
    value = file.endsWith(".json") ? JSON.parse(text) : parse(text, { maxAliasCount: 100 });
  } catch (error) {
    return `${file}: not ${file.endsWith(".json") ? "JSON" : "YAML"}: ${(error as Error).message.split("\n")[0]}`;
  }
  const doc = value as { openapi?: unknown; paths?: unknown } | null;
  if (typeof doc !== "object" || doc === null || typeof doc.openapi !== "string" || !doc.openapi.startsWith("3.")) return `${file}: not an OpenAPI 3.x document (no "openapi": "3.…")`;
  if (typeof doc.paths !== "object" || doc.paths === null) return `${file}: the document has no paths`;
  return doc as JsonSchema;
}

export async function upstreamMain(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { format: { type: "string" }, spec: { type: "string" }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    return usageError(io, (error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${UPSTREAM_USAGE}\n`);
    return 0;
  }
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json") return usageError(io, `--format ${format}: use text or json`);
  if (positionals.length !== 1) return usageError(io, "name one OpenAPI document");
  const file = positionals[0]!;
  const document = readDocument(file);
  if (typeof document === "string") return usageError(io, document);
  const { ir, diagnostics } = loadIr({ specDir: values.spec ?? "spec" });
  if (!ir) {
    for (const d of diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr(`${diagnostics.length} problem(s) in the spec; nothing was compared.\n`);
    return 2;
  }
  const report = compareWithUpstream(ir, document);
  const facts = { file, specVersion: ir.version, document };
  io.stdout(format === "json" ? upstreamJson(report, facts) : upstreamText(report, facts));
  return report.differences.some((d) => d.classification.as === "new") ? 1 : 0;
}
