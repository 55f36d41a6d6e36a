/**
 * The examples a release published: those of its spec (each record's examples, each variant's
 * example as a whole action, as the reference shows it) and those of its reference pages (every
 * JSON block after a `<!-- flowspec-example: Type -->` marker). `flowspec release` keeps the
 * reference's in `release/examples.json`; the release check runs both through the new validator.
 */
import { existsSync, readFileSync } from "node:fs";
import type { GeneratedFile } from "../emit/generated-file.js";
import { variantActionExample } from "../ir/example-order.js";
import type { SpecIR } from "../ir/model.js";
import { byCodeUnit } from "../base/order.js";
import { jsonText } from "../emit/generated-file.js";

export interface ReleasedExample {
  /** Where it was published: `spec/records/flow.yaml CreateFlowRequestContent example 1`, `reference/records.md:120`. */
  readonly source: string;
  /** A record name, a variant's type name (`FlowActionStripeAddTaxId`) or a variant key (`STRIPE:ADD_TAX_ID`). */
  readonly type: string;
  readonly value: unknown;
}

const MARKED_EXAMPLE = /<!-- flowspec-example: (\w+) -->\n```json\n([\s\S]*?)\n```/g;

/** Every marked JSON example of the reference's pages (paths as generate names them, `reference/…`). */
export function referenceExamples(files: readonly GeneratedFile[]): ReleasedExample[] {
  const out: ReleasedExample[] = [];
  const pages = files.filter((f) => f.path.startsWith("reference/") && f.path.endsWith(".md")).sort((a, b) => byCodeUnit(a.path, b.path));
  for (const page of pages) {
    for (const match of page.contents.matchAll(MARKED_EXAMPLE)) {
      const line = page.contents.slice(0, match.index).split("\n").length;
      out.push({ source: `${page.path}:${line}`, type: match[1]!, value: JSON.parse(match[2]!) as unknown });
    }
  }
  return out;
}

/** The spec's own examples: every record's, and every variant's as the action the reference shows. */
export function specExamples(ir: SpecIR): ReleasedExample[] {
  const fromRecords = ir.records.flatMap((r) =>
    (r.examples ?? []).map((value, i) => ({ source: `${r.source} ${r.name} example ${i + 1}`, type: r.name, value: value as unknown })),
  );
  const fromVariants = ir.flowActions.types.flatMap((t) =>
    t.variants.flatMap((v) => {
      const action = variantActionExample(v);
      return action === undefined ? [] : [{ source: `${t.source} ${v.key} example`, type: v.key, value: action as unknown }];
    }),
  );
  return [...fromRecords, ...fromVariants];
}

export function examplesText(examples: readonly ReleasedExample[]): string {
  return jsonText({ "//": "The examples of the last release's reference, written by `flowspec release`; the release check runs them through the new validator.", examples });
}

/** The examples `flowspec release` kept, or a sentence saying what is wrong with the file. */
export function readReleasedExamples(path: string): { readonly examples: readonly ReleasedExample[] } | { readonly problem: string } {
  if (!existsSync(path)) return { examples: [] };
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as { examples?: unknown };
    if (!Array.isArray(data.examples)) return { problem: `${path}: no "examples" list` };
    const ok = data.examples.every((e) => typeof e === "object" && e !== null && typeof e.source === "string" && typeof e.type === "string" && "value" in e);
    return ok ? { examples: data.examples as ReleasedExample[] } : { problem: `${path}: every example needs source, type and value` };
  } catch (error) {
    return { problem: `${path}: not JSON: ${(error as Error).message}` };
  }
}
