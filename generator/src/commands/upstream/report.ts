/** What `flowspec upstream` prints: what the document covers, then each difference with its class and place in spec/. */
import { unreachable } from "../../base/internal-error.js";
import type { JsonSchema } from "../../upstream/openapi-read.js";
import type { UpstreamDifference, UpstreamReport } from "../../upstream/compare-spec.js";

export interface UpstreamFacts {
  readonly file: string;
  readonly specVersion: string;
  readonly document: JsonSchema;
}

function label(d: UpstreamDifference): string {
  const c = d.classification;
  switch (c.as) {
    case "new":
      return "new";
    case "disagreement":
    case "decision":
      return c.id !== undefined ? `${c.as} ${c.id}` : c.as;
    default:
      return unreachable(c, "classification");
  }
}

function line(d: UpstreamDifference): string {
  const why = d.classification.as === "new" ? "" : `  [${d.classification.why}]`;
  return `  ${d.loc.file}:${d.loc.line}:${d.loc.col} ${label(d)}: ${d.place} — ${d.what}${why}`;
}

export function upstreamText(report: UpstreamReport, facts: UpstreamFacts): string {
  const info = facts.document.info as { title?: unknown; version?: unknown } | undefined;
  const title = [info?.title, info?.version].filter((v) => typeof v === "string").join(" ");
  const fresh = report.differences.filter((d) => d.classification.as === "new");
  const recorded = report.differences.filter((d) => d.classification.as !== "new");
  const lines = [
    `${facts.file}${title ? ` (${title}, OpenAPI ${String(facts.document.openapi)})` : ""} against spec ${facts.specVersion}`,
    `  covers: ${report.covered.join(", ") || "none of the spec's operations"}; not in the document: ${report.notUpstream.join(", ") || "none"}; ${report.upstreamOnly} operation(s) of the document are outside the spec`,
    `  ${report.differences.length} difference(s): ${recorded.filter((d) => d.classification.as === "disagreement").length} recorded disagreement(s), ${recorded.filter((d) => d.classification.as === "decision").length} recorded decision(s), ${fresh.length} new`,
    ...(fresh.length > 0 ? ["new (edit the spec at the place named, or record the difference in spec/disagreements.yaml):", ...fresh.map(line)] : []),
    ...(recorded.length > 0 ? ["recorded:", ...recorded.map(line)] : []),
    fresh.length > 0 ? `error: ${fresh.length} new difference(s)` : "ok: nothing new",
  ];
  return `${lines.join("\n")}\n`;
}

export function upstreamJson(report: UpstreamReport, facts: UpstreamFacts): string {
  return `${JSON.stringify({ file: facts.file, specVersion: facts.specVersion, ...report }, null, 2)}\n`;
}
