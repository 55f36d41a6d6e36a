/**
 * The entry module of `@flowspec/validator/service` (dist/service.js): the tables from
 * service-tables.ts, bound to the runtime in generator/runtime/validator/service, and the public
 * exports. The validators it hands to the request checks are imported from the package's main entry
 * (`./index.js`), so a service loads them once and a browser bundle of the validators never carries
 * the service helpers.
 */
import type { SpecIR } from "../../../ir/model.js";
import type { ApiPlan } from "../api-plan.js";
import type { FormShapesData } from "../form-shapes.js";
import { authRulesData, pkceData, selfServiceRules, serviceOperations } from "./service-tables.js";

export interface ServiceModuleInput {
  readonly ir: SpecIR;
  readonly plan: ApiPlan;
  readonly forms: FormShapesData;
  /** Import specifier of the runtime index (`./index.ts`); the service runtime sits beside it. */
  readonly runtime: string;
  /** Import specifier of the package's main entry, beside the service entry in dist/. */
  readonly main: string;
}

const SERVICE_IMPORTS = [
  "createRequestCheckWith",
  "errorResponseWith",
  "checkTokenGrantWith",
  "accessPolicyScopesWith",
  "grantedScopesWith",
  "checkSameDomainWith",
  "pkceChallengeWith",
  "checkPkceWith",
  "scopeFormMatcher",
  "checkSelfServiceScopesWith",
  "deepFrozen",
];

const literal = (value: unknown): string => JSON.stringify(value);

export function serviceModule(input: ServiceModuleInput): string {
  const runtime = literal(input.runtime.replace(/index\.ts$/, "service/index.ts"));
  const operations = serviceOperations(input.ir, input.plan, input.forms);
  const rules = selfServiceRules(input.ir);
  const validators = operations.flatMap((o) => (o.validator === null ? [] : [`    ${literal(o.data.id)}: ${o.validator},`]));
  const fromMain = [...new Set(operations.flatMap((o) => (o.validator === null ? [] : [o.validator])))].sort();
  return `import { ${SERVICE_IMPORTS.join(", ")} } from ${runtime};
import { ${[...fromMain, "decodeFormBody"].join(", ")} } from ${literal(input.main)};
export { isGlobalClient, planScopeReplacement } from ${runtime};

const SERVICE = {
  operations: ${literal(Object.fromEntries(operations.map((o) => [o.data.id, o.data])))},
  validators: {
${validators.join("\n")}
  },
  decodeForm: (text, record) => decodeFormBody(text, { record }),
  formRecords: ${literal(Object.fromEntries(operations.filter((o) => o.data.formContentType !== null && o.body !== null).map((o) => [o.data.id, o.body])))},
};
const SELF_SERVICE_RULES = ${literal(rules)};
const PKCE = ${literal(pkceData(input.ir))};
const SELF_SERVICE_SCOPE_FORM = /* @__PURE__ */ scopeFormMatcher(${literal(rules.scopeForm)});
const TOKEN_FLOWS_RULE = ${literal(input.ir.authRules.find((r) => r.kind === "token_flows")?.id ?? "")};

export const AUTH_RULES = /* @__PURE__ */ deepFrozen(${literal(authRulesData(input.ir))});
export const DEFAULT_ACCESS_POLICIES = /* @__PURE__ */ deepFrozen(${literal(rules.defaultPolicies)});
export function createRequestCheck(operation, options) {
  return createRequestCheckWith(SERVICE, operation, options);
}
export function errorResponse(operation, errorCode, options) {
  return errorResponseWith(SERVICE.operations, operation, errorCode, options);
}
export function checkTokenGrant(grant, audience) {
  return checkTokenGrantWith(SELF_SERVICE_RULES, grant, audience);
}
export function accessPolicyScopes(request) {
  return accessPolicyScopesWith(SELF_SERVICE_RULES, request);
}
export function grantedScopes(input) {
  return grantedScopesWith(SELF_SERVICE_RULES, input);
}
export function checkSameDomain(input) {
  return checkSameDomainWith(SELF_SERVICE_RULES, input);
}
export function pkceChallenge(verifier) {
  return pkceChallengeWith(PKCE, verifier);
}
export function checkPkce(input) {
  return checkPkceWith(PKCE, input);
}
export function checkSelfServiceScopes(scopes) {
  return checkSelfServiceScopesWith(SELF_SERVICE_SCOPE_FORM, SELF_SERVICE_RULES.scopeForm, TOKEN_FLOWS_RULE, scopes);
}`;
}
