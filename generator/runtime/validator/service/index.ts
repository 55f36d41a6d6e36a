/**
 * What the generated entry module imports for the service helpers (see
 * generator/src/emit/validator/service/service-module.ts, which binds them to the spec's tables).
 */
export { createRequestCheckWith, DEFAULT_MAX_BODY_BYTES } from "./request-check.js";
export { errorResponseWith } from "./error-table.js";
export { isGlobalClient, checkTokenGrantWith } from "./auth-rules.js";
export { accessPolicyScopesWith, grantedScopesWith } from "./access-policies.js";
export { checkSameDomainWith } from "./same-domain.js";
export { pkceChallengeWith, checkPkceWith } from "./pkce.js";
export { scopeFormMatcher, checkSelfServiceScopesWith } from "./self-service-scopes.js";
export { planScopeReplacement } from "./scope-replacement.js";
export { deepFrozen } from "./frozen.js";
export type { ServiceBindings, BodyValidator } from "./request-check.js";
export type { ServiceOperations, ServiceOperationData, SelfServiceRuleData, PkceData } from "./tables.js";
