/**
 * The validator package's README: the stable public API. Tables that the spec or the runtime already
 * state (issue codes, formats, operations and scopes, limits) are generated from them, so the README
 * cannot drift from the code: the runtime's values are imported, never read back from its source.
 */
import type { SpecIR } from "../../ir/model.js";
import { allSources, markdownHeader } from "../generated-file.js";
import type { ApiPlan } from "./api-plan.js";
import type { FormShapesData } from "./form-shapes.js";
import { readmeGuide } from "./readme-guide.js";
import { serviceReadme } from "./service/readme-service.js";
import { scopeRules } from "./spec-tables.js";
import { ISSUE_CODES } from "../../../runtime/validator/issue-codes.js";
import { SAFETY_LIMITS } from "../../../runtime/validator/limits.js";
import { cell } from "../markdown.js";

/** The issue codes with their meanings, from the runtime's own list. */
function issueCodes(): [code: string, meaning: string][] {
  return Object.entries(ISSUE_CODES);
}

/** `100000` → `100,000`, the same on every machine (no locale). */
function withThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** The safety limits with their defaults, from the runtime's SAFETY_LIMITS. */
function safetyLimits(): [name: string, value: string][] {
  return Object.entries(SAFETY_LIMITS).map(([name, value]) => [name, withThousands(value)]);
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
  const rows = Object.entries(rules).map(([op, r]) => `| \`${op}\` | ${r.scope === null ? "none | —" : `\`${r.scope}\` | ${r.denied.status} \`${r.denied.error}\`: ${cell(r.denied.message)}`} |`);
  return ["| operation | scope | when missing |", "| --- | --- | --- |", ...rows].join("\n");
}

function limitTable(limits: readonly [string, string][]): string {
  return ["| limit | default |", "| --- | --- |", ...limits.map(([name, value]) => `| \`${name}\` | ${value} |`)].join("\n");
}

export function validatorReadme(ir: SpecIR, plan: ApiPlan, forms: FormShapesData): string {
  return `${markdownHeader(ir, allSources(ir))}
${readmeGuide({
  validators: validatorTable(plan),
  codes: codeTable(issueCodes()),
  limits: limitTable(safetyLimits()),
  defaults: {
    maxDepth: withThousands(SAFETY_LIMITS.maxDepth),
    maxIssues: withThousands(SAFETY_LIMITS.maxIssues),
    maxRepeatedIssues: withThousands(SAFETY_LIMITS.maxRepeatedIssues),
    maxFields: withThousands(SAFETY_LIMITS.maxFields),
    maxKeyDepth: withThousands(SAFETY_LIMITS.maxKeyDepth),
  },
  formats: formatTable(ir),
  scopes: scopeTable(ir),
  audience: plan.selfService?.audience ?? "",
  refusedGrants: plan.selfService?.refusedGrants ?? [],
})}
${serviceReadme(ir, plan, forms)}
`;
}
