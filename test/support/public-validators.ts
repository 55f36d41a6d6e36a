/**
 * The generated validator's public functions, found from the generator's own list
 * (`PUBLIC_VALIDATORS`), so a validator added to the API is in every suite that walks them, and no
 * suite keeps a hand-written table of its own.
 */
import type { SpecIR } from "../../generator/src/ir/model.js";
import { PUBLIC_VALIDATORS } from "../../generator/src/spec-language/public-validators.js";
import * as generated from "../../packages/validator/dist/index.js";

/** A public validator as the suites call it: the value and the options every validator takes, and its Standard Schema face. */
export type PublicValidate = ((input: unknown, options?: { allErrors?: boolean; maxIssues?: number; maxDepth?: number }) => generated.ValidationResult<unknown>) & {
  readonly "~standard": { readonly validate: (value: unknown) => unknown };
};

/** Every public validator with the record it checks, in the order of `PUBLIC_VALIDATORS`. */
export const VALIDATORS_BY_RECORD: readonly (readonly [record: string, validate: PublicValidate])[] = PUBLIC_VALIDATORS.map(([stem, record]) => {
  const validate = (generated as unknown as Readonly<Record<string, PublicValidate | undefined>>)[`validate${stem}`];
  if (typeof validate !== "function") throw new Error(`the validator package has no validate${stem}`);
  return [record, validate] as const;
});

/**
 * The validator that checks each record a user can send through the public API: the record of a
 * public validator, and each member of a union record one checks (the token request's grants go
 * through `validateTokenRequest`, which tells them apart by `grant_type`).
 */
export function validatorsOfRecords(ir: SpecIR): ReadonlyMap<string, PublicValidate> {
  const out = new Map<string, PublicValidate>();
  for (const [record, validate] of VALIDATORS_BY_RECORD) {
    out.set(record, validate);
    const schema = ir.records.find((r) => r.name === record)?.schema;
    if (schema?.kind !== "union") continue;
    for (const member of schema.members) if (member.kind === "ref" && !out.has(member.target)) out.set(member.target, validate);
  }
  return out;
}
