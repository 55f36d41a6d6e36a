/**
 * `npx tsx scripts/bench/size-breakdown.ts [path/to/dist/index.js]`: what each part of the main entry
 * costs, min+gzip, as sizes.ts measures the whole file. A part's cost is what the file loses without
 * it (leave one out): gzip shares text between parts, so the costs add up to more than the whole.
 *
 * Features first (decodeFormBody, the self-service rules, ...: the parts there for one alone). Parts:
 * each runtime module (the `// runtime/validator/<name>.ts` sections esbuild writes), and the
 * generated section split by kind of declaration (check functions, pattern matchers, scalar schemas,
 * the variant table, the spec's tables, the exported validators). Then the same for the bundle of
 * `decodeFormBody` alone: the form shapes, and the decoder's functions.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { minGzipBytes, singleImportText } from "./sizes.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const GENERATED = "// runtime/validator/validator-entry.js";

/** The names the module exports that `source` no longer declares, declared empty, so that it still parses. */
function withExportsDeclared(source: string, exported: readonly string[]): string {
  const missing = exported.filter((name) => !new RegExp(`^(?:var|let|const|function|class) ${name}\\b`, "m").test(source));
  return missing.length === 0 ? source : `${source}\n${missing.map((name) => `var ${name};`).join("\n")}`;
}

interface Chunk {
  readonly part: string;
  readonly start: number;
  readonly end: number;
}

/** Top-level statements: a line at column 0 starts one, a section comment starts a runtime module. */
function chunks(lines: readonly string[]): Chunk[] {
  const found: Chunk[] = [];
  let module = "";
  let start = -1;
  let part = "";
  const close = (end: number) => {
    if (start >= 0) found.push({ part, start, end });
    start = -1;
  };
  lines.forEach((line, i) => {
    if (line.startsWith("// runtime/validator/")) {
      close(i);
      module = line === GENERATED ? "" : line.slice("// ".length);
      return;
    }
    if (/^(?:var|let|const|function|class|async function) /.test(line)) {
      close(i);
      start = i;
      part = module || generatedKind(line);
    } else if (line.startsWith("export ")) close(i);
  });
  close(lines.length);
  return found;
}

function generatedKind(line: string): string {
  const name = /^(?:var|let|const|function|class) (\w+)/.exec(line)?.[1] ?? "";
  if (/^(check|dispatch)/.test(name)) return "generated: check functions";
  if (name.startsWith("format_")) return "generated: pattern matchers";
  if (name.startsWith("scalarSchema") || name.startsWith("propertyNames") || name === "actionFields") return "generated: scalar schemas and name lists (error path)";
  if (name === "variants" || name === "paramsOptional") return "generated: the variant table";
  if (name === "FORM_SHAPES") return "generated: form shapes";
  if (/^[A-Z_]+$/.test(name)) return "generated: the spec's other tables (scopes, rate limits, self-service)";
  return "generated: exported validators and helpers";
}

/**
 * The features the main entry exports besides the validators, and the parts that are there for them
 * alone: what each feature costs, left out as a whole.
 */
const FEATURES: Record<string, readonly string[]> = {
  "decodeFormBody (form bodies)": ["runtime/validator/form-shape.ts", "runtime/validator/form-decode.ts", "runtime/validator/form-grammar.ts", "generated: form shapes"],
  "the self-service audience rules (selfServiceAudience, the audience and grant checks)": ["runtime/validator/self-service.ts"],
  "parseRateLimitHeaders": ["runtime/validator/rate-limit.ts"],
  "checkScopes": ["runtime/validator/scopes.ts"],
  "the issues' messages and codes (from the raw errors)": ["runtime/validator/messages.ts", "runtime/validator/issues.ts", "runtime/validator/union-issues.ts"],
  "did-you-mean": ["runtime/validator/suggest.ts"],
  "the generated checks (functions, matchers, schemas, variant table)": ["generated: check functions", "generated: pattern matchers", "generated: scalar schemas and name lists (error path)", "generated: the variant table"],
};

function breakdown(source: string, features: boolean): [string, number][] {
  const exported = /export \{([^}]*)\}/.exec(source)?.[1]?.split(",").map((s) => s.trim().split(/\s+as\s+/)[0]!).filter((s) => s !== "") ?? [];
  const lines = source.split("\n");
  const whole = minGzipBytes(source);
  const parts = new Map<string, Set<number>>();
  for (const c of chunks(lines)) {
    const set = parts.get(c.part) ?? new Set<number>();
    for (let i = c.start; i < c.end; i++) set.add(i);
    parts.set(c.part, set);
  }
  const rows: [string, number][] = [["whole file", whole]];
  const without = (drop: ReadonlySet<number>) => whole - minGzipBytes(withExportsDeclared(lines.filter((_, i) => !drop.has(i)).join("\n"), exported));
  if (features) {
    for (const [feature, names] of Object.entries(FEATURES)) rows.push([feature, without(new Set(names.flatMap((name) => [...(parts.get(name) ?? [])])))]);
  } else {
    for (const [part, drop] of parts) rows.push([part, without(drop)]);
  }
  return rows.sort((a, b) => b[1] - a[1]);
}

/** The decodeFormBody bundle, one top-level declaration left out at a time. */
function decodeBreakdown(bundle: string): [string, number][] {
  const lines = bundle.split("\n");
  const whole = minGzipBytes(bundle);
  const starts = lines.flatMap((line, i) => (/^(?:var|function) \w+/.test(line) ? [i] : []));
  const rows: [string, number][] = [["whole bundle", whole]];
  starts.forEach((start, k) => {
    const end = starts[k + 1] ?? lines.findIndex((line, i) => i > start && line.startsWith("//"));
    const name = /^(?:var|function) (\w+)/.exec(lines[start]!)![1]!;
    rows.push([name, whole - minGzipBytes([...lines.slice(0, start), ...lines.slice(end)].join("\n"))]);
  });
  return rows.sort((a, b) => b[1] - a[1]);
}

const file = resolve(process.argv[2] ?? `${ROOT}packages/validator/dist/index.js`);
const table = (rows: [string, number][], what = "part") => [`| ${what} | bytes |`, "| --- | ---: |", ...rows.map(([part, bytes]) => `| ${part} | ${bytes.toLocaleString("en-US")} |`)].join("\n");
const source = readFileSync(file, "utf8");
console.log(`Main entry, min+gzip, each feature as what the file loses without it:\n\n${table(breakdown(source, true), "feature")}`);
console.log(`\nEach part the same way:\n\n${table(breakdown(source, false))}`);
console.log(`\nA bundle that imports only decodeFormBody, each declaration the same way (the ten largest):\n\n${table(decodeBreakdown(singleImportText(file, "decodeFormBody")).slice(0, 11))}`);
