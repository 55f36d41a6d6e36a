/**
 * Everything the generated entry module imports from the runtime. The entry (written by the
 * generator) adds the compiled validators and the spec's tables, and exports the public API.
 */
export { exceedsCodePoints, fallsShortOfCodePoints, codePointLength } from "./code-points.js";
export { prefixErrors } from "./dispatch.js";
export { checkNestedAction } from "./nested-action.js";
export { BUILTIN_FORMATS } from "./formats.js";
export { dispatchTables, memberTable } from "./tables.js";
export { makeValidator, makeGuard, makeAssert, recordCheck, actionCheck, unionCheck } from "./run.js";
export { ValidationError } from "./errors.js";
export { SAFETY_LIMITS } from "./limits.js";
export { decodeFormBodyWith } from "./form-decode.js";
export { checkScopesWith } from "./scopes.js";
export { parseRateLimitHeadersWith } from "./rate-limit.js";
export { audienceRule, refusedGrantRule, selfServiceAudienceFor } from "./self-service.js";
export type { FormShape, FormShapes } from "./form-shape.js";
export type { ScopeRule } from "./scopes.js";
export type { RateLimitHeaderSpec } from "./rate-limit.js";
export type { SelfServiceRules } from "./self-service.js";
