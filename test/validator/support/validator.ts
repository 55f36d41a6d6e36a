/** The generated package, imported as its users import it (the ES module and its declarations). */
export * as validator from "../../../packages/validator/dist/index.js";
export type { ValidationIssue, ValidationResult } from "../../../packages/validator/dist/index.js";
// The public validators by record live with the other suites' helpers: test/support/public-validators.ts.
export { VALIDATORS_BY_RECORD, type PublicValidate } from "../../support/public-validators.js";
