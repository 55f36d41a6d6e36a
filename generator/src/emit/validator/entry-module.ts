/**
 * The package's main entry module, as esbuild bundles it: the runtime's imports, the generated
 * checks, the spec's tables, and the public exports (the service helpers have their own entry,
 * service-module.ts). Every top-level value is a literal or a call marked pure, so a bundler can
 * drop what an application does not import. It exists only at generate time.
 */
import type { SpecIR } from "../../ir/model.js";
import type { ApiPlan, ValidatorPlan } from "./api-plan.js";
import { CHECK_RUNTIME, type GeneratedChecks } from "./code/validator-code.js";
import type { FormShapesData } from "./form-shapes.js";
import { rateLimitHeaders, scopeRules } from "./spec-tables.js";
import { internalError } from "../../base/internal-error.js";

export interface EntryInput {
  readonly ir: SpecIR;
  readonly plan: ApiPlan;
  readonly forms: FormShapesData;
  /** The generated checks (code/validator-code.ts). */
  readonly checks: GeneratedChecks;
  /** Import specifier of the runtime index, relative to the bundle's resolve folder. */
  readonly runtime: string;
}

const RUNTIME_IMPORTS = [
  ...CHECK_RUNTIME,
  "makeValidator",
  "makeGuard",
  "makeAssert",
  "selfServiceAudienceFor",
  "audienceRule",
  "dependentRequiredRule",
  "refusedGrantRule",
  "decodeFormBodyWith",
  "checkScopesWith",
  "parseRateLimitHeadersWith",
];

const literal = (value: unknown): string => JSON.stringify(value);

function validatorExports(input: EntryInput, v: ValidatorPlan, check: string): string {
  const parts = [`subject: ${literal(v.target)}`, `check: ${check}`];
  // The grants still allowed for the audience the rule refuses one for: the members but the refused.
  const refused = new Set(input.plan.selfService?.refusedGrants ?? []);
  if (v.refusedGrantRule && v.check.kind === "union") parts.push(`before: /* @__PURE__ */ refusedGrantRule(SELF_SERVICE, ${literal(v.check.members.map(([tag]) => tag).filter((tag) => !refused.has(tag)))})`);
  const crossField = [
    ...(v.dependentRequired !== null ? [`/* @__PURE__ */ dependentRequiredRule(${literal(v.dependentRequired)}, ${literal(v.check.kind === "union" ? v.check.key : null)})`] : []),
    ...(v.audienceRule ? ["/* @__PURE__ */ audienceRule(SELF_SERVICE)"] : []),
  ];
  if (crossField.length > 0) parts.push(`crossField: [${crossField.join(", ")}]`);
  const spec = `${v.stem}Spec`;
  return [
    `const ${spec} = { ${parts.join(", ")} };`,
    `export const validate${v.stem} = /* @__PURE__ */ makeValidator(${spec});`,
    `export const is${v.stem} = /* @__PURE__ */ makeGuard(${spec});`,
    `export const assert${v.stem} = /* @__PURE__ */ makeAssert(validate${v.stem}, ${literal(v.target)});`,
  ].join("\n");
}

function helperExports(input: EntryInput): string {
  const selfService = input.plan.selfService ?? { audience: "https://{domain}/", refusedGrants: [] };
  return `const SELF_SERVICE = ${literal(selfService)};
const FORM_SHAPES = ${literal({ record: input.forms.record, roots: input.forms.roots, envelope: input.forms.envelope, actions: input.forms.actions })};
const SCOPE_RULES = ${literal(scopeRules(input.ir))};
const RATE_LIMIT_HEADERS = ${literal(rateLimitHeaders(input.ir))};

export { ValidationError, SAFETY_LIMITS } from ${literal(input.runtime)};
export const SPEC_VERSION = ${literal(input.ir.version)};
export function decodeFormBody(text, options) {
  return decodeFormBodyWith(FORM_SHAPES, text, options);
}
export function checkScopes(operation, grantedScopes) {
  return checkScopesWith(SCOPE_RULES, operation, grantedScopes);
}
export function parseRateLimitHeaders(headers) {
  return parseRateLimitHeadersWith(RATE_LIMIT_HEADERS, headers);
}
export function selfServiceAudience(domain) {
  return selfServiceAudienceFor(SELF_SERVICE, domain);
}`;
}

export function entryModule(input: EntryInput): string {
  const check = (stem: string) => {
    const name = input.checks.checks.get(stem);
    if (name === undefined) throw internalError(`no check was generated for validate${stem}`);
    return name;
  };
  return [
    `import { ${RUNTIME_IMPORTS.join(", ")} } from ${literal(input.runtime)};`,
    input.checks.code,
    helperExports(input),
    ...input.plan.validators.map((v) => validatorExports(input, v, check(v.stem))),
  ].join("\n\n");
}
