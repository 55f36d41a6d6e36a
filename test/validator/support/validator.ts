/** The generated package, imported as its users import it (the ES module and its declarations). */
import * as generated from "../../../packages/validator/dist/index.js";
import { PUBLIC_VALIDATORS } from "../../../generator/src/spec-language/public-validators.js";

export * as validator from "../../../packages/validator/dist/index.js";
export type { ValidationIssue, ValidationResult } from "../../../packages/validator/dist/index.js";

/** A public validator as the suites call it: the value and the options every validator takes, and its Standard Schema face. */
export type PublicValidate = ((input: unknown, options?: { allErrors?: boolean; maxIssues?: number; maxDepth?: number }) => generated.ValidationResult<unknown>) & {
  readonly "~standard": { readonly validate: (value: unknown) => unknown };
};

/**
 * Every public validator with the record it checks, in the order of the generator's own list
 * (`PUBLIC_VALIDATORS`), so a validator added to the API is in every suite that walks them.
 */
export const VALIDATORS_BY_RECORD: readonly (readonly [record: string, validate: PublicValidate])[] = PUBLIC_VALIDATORS.map(([stem, record]) => {
  const validate = (generated as unknown as Readonly<Record<string, PublicValidate | undefined>>)[`validate${stem}`];
  if (typeof validate !== "function") throw new Error(`the validator package has no validate${stem}`);
  return [record, validate] as const;
});
