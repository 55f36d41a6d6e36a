/**
 * The validator package's README: the stable public API. Tables that the spec or the runtime already
 * state (issue codes, formats, operations and scopes, limits) are generated from them, so the README
 * cannot drift from the code.
 */
import type { SpecIR } from "../../ir/model.js";
import { allSources, markdownHeader } from "../generated-file.js";
import type { ApiPlan } from "./api-plan.js";
import { readmeGuide } from "./readme-guide.js";
import { scopeRules } from "./spec-tables.js";

/** `IssueCode` members with their doc comments, read from public-types.ts. */
export function issueCodes(publicTypes: string): [code: string, meaning: string][] {
  const union = /export type IssueCode =([\s\S]*?)";\n/.exec(publicTypes)?.[1] ?? "";
  return [...`${union}"`.matchAll(/\/\*\* ([^*]+?) \*\/\s*\| "(\w+)"/g)].map((m) => [m[2]!, m[1]!.replace(/\s+/g, " ")]);
}

/** The safety limits with their defaults, read from limits.ts. */
export function safetyLimits(limitsSource: string): [name: string, value: string][] {
  const body = /SAFETY_LIMITS[^{]*\{([^}]*)\}/.exec(limitsSource)?.[1] ?? "";
  return [...body.matchAll(/(\w+): ([\d_]+)/g)].map((m) => [m[1]!, m[2]!.replace(/_/g, ",")]);
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
}

function validatorTable(plan: ApiPlan): string {
  const rows = plan.validators.map((v) => `| \`validate${v.stem}\` | \`is${v.stem}\` | \`assert${v.stem}\` | \`${v.target}\` |`);
  return ["| validator | guard | assertion | checks |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

function codeTable(codes: readonly [string, string][]): string {
  return ["| code | meaning |", "| --- | --- |", ...codes.map(([code, meaning]) => `| \`${code}\` | ${cell(meaning)} |`)].join("\n");
}

function formatTable(ir: SpecIR): string {
  const rows = ir.formats.map((f) => `| \`${f.name}\` | ${f.provenance} | ${cell(f.syntax)} |`);
  return ["| format | provenance | syntax |", "| --- | --- | --- |", ...rows].join("\n");
}

function scopeTable(ir: SpecIR): string {
  const rules = scopeRules(ir);
  const rows = Object.entries(rules).map(([op, r]) => `| \`${op}\` | ${r.scope === null ? "none" : `\`${r.scope}\``} | ${r.scope === null ? "—" : `${r.denied.status} \`${r.denied.error}\`: ${cell(r.denied.message)}`} |`);
  return ["| operation | scope | when missing |", "| --- | --- | --- |", ...rows].join("\n");
}

function limitTable(limits: readonly [string, string][]): string {
  return ["| limit | default |", "| --- | --- |", ...limits.map(([name, value]) => `| \`${name}\` | ${value} |`)].join("\n");
}

export interface ReadmeSources {
  readonly publicTypes: string;
  readonly limits: string;
}

export function validatorReadme(ir: SpecIR, plan: ApiPlan, sources: ReadmeSources): string {
  return `${markdownHeader(ir, allSources(ir))}
${readmeGuide({
  version: ir.version,
  validators: validatorTable(plan),
  codes: codeTable(issueCodes(sources.publicTypes)),
  limits: limitTable(safetyLimits(sources.limits)),
  formats: formatTable(ir),
  scopes: scopeTable(ir),
  audience: plan.selfService?.audience ?? "",
  refusedGrants: plan.selfService?.refusedGrants ?? [],
})}`;
}
