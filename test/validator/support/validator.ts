/** The generated package, imported as its users import it (the ES module and its declarations). */
export * as validator from "../../../packages/validator/dist/index.js";
export type { ValidationIssue, ValidationResult } from "../../../packages/validator/dist/index.js";
