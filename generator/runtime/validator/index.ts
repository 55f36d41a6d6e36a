/**
 * Everything the generated entry module imports from the runtime. The entry (written by the
 * generator) adds the generated checks and the spec's tables, and exports the public API.
 */
export { exceedsCodePoints, fallsShortOfCodePoints, codePointLength } from "./code-points.js";
export { reportError, prefixLast, keySegment } from "./raw-errors.js";
export { typeError } from "./raw-errors.js";
export { keyErrors } from "./object-keys.js";
export { scalarErrors } from "./scalar-errors.js";
export { ownValue } from "./own.js";
export { ownValues } from "./own.js";
export { unionError, unionPassed } from "./union.js";
export { unionCheck } from "./union.js";
export { propertyErrors, objectErrors } from "./property-errors.js";
export { unknownVariant, unknownMember, variantTable } from "./tags.js";
export { checkListedAction } from "./nested-action.js";
export { isRfc3339Date, isRfc3339DateTime } from "./rfc3339.js";
export { makeValidator, makeGuard, makeAssert } from "./run.js";
export { ValidationError } from "./errors.js";
export { SAFETY_LIMITS } from "./limits.js";
export { decodeFormBodyWith } from "./form-decode.js";
export { checkScopesWith } from "./scopes.js";
export { parseRateLimitHeadersWith } from "./rate-limit.js";
export { audienceRule, refusedGrantRule, selfServiceAudienceFor } from "./self-service.js";
export { dependentRequiredRule } from "./dependent-required.js";
export type { FormShape, FormShapes } from "./form-shape.js";
export type { ScopeRule } from "./scopes.js";
export type { RateLimitHeaderSpec } from "./rate-limit.js";
export type { SelfServiceRules } from "./self-service.js";
