/**
 * What `flowspec conformance` prints: a summary a person reads in one screen (counts, each
 * documented divergence once with an example, the new mismatches, at most a screenful of them), or
 * every mismatch as JSON for machines.
 */
import type { Disagreement } from "../../ir/model.js";
import { byCodeUnit } from "../../base/order.js";
import { NEW, type ConformanceResult, type LabelledMismatch } from "../../traffic/run-conformance.js";

/** Kinds of new mismatch listed in the text report before "… and N more". */
const SHOWN_NEW_KINDS = 12;

export interface ReportFacts {
  readonly specVersion: string;
  readonly files: number;
  readonly disagreements: readonly Disagreement[];
}

function mismatchLine(m: LabelledMismatch): string {
  return `${m.side} ${m.at || "/"} ${m.code}: ${m.message}`;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export interface Tally {
  readonly exchanges: number;
  readonly conform: number;
  readonly documented: number;
  readonly new: number;
}

export function tally(result: ConformanceResult): Tally {
  const all = result.exchanges.flatMap((e) => e.mismatches);
  const fresh = all.filter((m) => m.label === NEW).length;
  return { exchanges: result.exchanges.length, conform: result.exchanges.filter((e) => e.mismatches.length === 0).length, documented: all.length - fresh, new: fresh };
}

function documentedLines(result: ConformanceResult, disagreements: readonly Disagreement[]): string[] {
  const byLabel = new Map<string, { count: number; exchanges: Set<string>; first: string }>();
  for (const e of result.exchanges) {
    for (const m of e.mismatches) {
      if (m.label === NEW) continue;
      const entry = byLabel.get(m.label) ?? { count: 0, exchanges: new Set<string>(), first: `${e.source} ${mismatchLine(m)}` };
      entry.count++;
      entry.exchanges.add(e.source);
      byLabel.set(m.label, entry);
    }
  }
  const order = disagreements.map((d) => d.id);
  return [...byLabel.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([id, { count, exchanges, first }]) => `  ${id} ${disagreements.find((d) => d.id === id)?.area ?? ""}: ${count} in ${exchanges.size} exchange(s), e.g. ${first}`);
}

/** A pointer with its list indexes as `*`, so the same mismatch in many exchanges is one kind. */
function shape(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, "/*") || "/";
}

/** New mismatches grouped by kind (operation, side, place, code), each with a count and its first example. */
function newLines(result: ConformanceResult): string[] {
  const kinds = new Map<string, { count: number; exchanges: Set<string>; first: string }>();
  for (const e of result.exchanges) {
    for (const m of e.mismatches) {
      if (m.label !== NEW) continue;
      const key = `${e.operation} ${m.side} ${shape(m.at)} ${m.code}`;
      const kind = kinds.get(key) ?? { count: 0, exchanges: new Set<string>(), first: `${e.source} (${e.method} → ${e.status}): ${m.message}` };
      kind.count++;
      kind.exchanges.add(e.source);
      kinds.set(key, kind);
    }
  }
  const lines = [...kinds].slice(0, SHOWN_NEW_KINDS).map(([key, k]) => `  ${key}: ${k.count} in ${k.exchanges.size} exchange(s), e.g. ${k.first}`);
  const more = kinds.size - SHOWN_NEW_KINDS;
  return more > 0 ? [...lines, `  … and ${more} more kind(s) (--format json lists every mismatch)`] : lines;
}

export function textReport(result: ConformanceResult, facts: ReportFacts): string {
  const t = tally(result);
  const perOperation = [...countBy(result.exchanges, (e) => e.operation)].map(([op, n]) => `${op} ${n}`).join(", ");
  const outside = result.outside.length > 0 ? `; ${result.outside.length} outside the spec (no operation at ${[...new Set(result.outside.map((o) => `${o.method} ${o.path.split("?")[0]}`))].sort(byCodeUnit).slice(0, 3).join(", ")}${result.outside.length > 3 ? ", …" : ""})` : "";
  const documented = documentedLines(result, facts.disagreements);
  const lines = [
    `${t.exchanges + result.outside.length} exchange(s) in ${facts.files} file(s), against spec ${facts.specVersion}`,
    `  ${perOperation || "none of the spec's operations"}${outside}`,
    `  ${t.conform} conform; ${t.exchanges - t.conform} with mismatches: ${t.documented} documented, ${t.new} new`,
    ...(documented.length > 0 ? ["documented divergences:", ...documented] : []),
    ...(t.new > 0 ? [`new mismatches (${t.new}):`, ...newLines(result)] : []),
    t.new > 0 ? "error: new mismatches: a divergence to write down in spec/disagreements.yaml (with `traffic`), or a fault on one side" : "ok: every mismatch is a documented divergence",
  ];
  return `${lines.join("\n")}\n`;
}

export function jsonReport(result: ConformanceResult, facts: ReportFacts): string {
  const t = tally(result);
  const documented = Object.fromEntries(countBy(result.exchanges.flatMap((e) => e.mismatches.filter((m) => m.label !== NEW)), (m) => m.label));
  const document = {
    specVersion: facts.specVersion,
    files: facts.files,
    ...t,
    outside: result.outside,
    byDivergence: documented,
    mismatched: result.exchanges.filter((e) => e.mismatches.length > 0),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
