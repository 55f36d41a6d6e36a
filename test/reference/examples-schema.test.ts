/**
 * Every example in the reference is valid against the JSON Schema the generator emits for its
 * type (`@flowspec/schema`): a variant's example against `FlowAction`, a record's against the
 * record's document. A broken example is rejected, so the check is real.
 */
import { describe, expect, it } from "vitest";
import { describeErrors, loadGeneratedSchemas } from "../support/generated-schemas.js";
import { examplesOf } from "../support/markdown-model.js";
import { referenceFrom } from "../support/reference-output.js";

const schemas = loadGeneratedSchemas();
const { pages } = referenceFrom(schemas.ir);
const variantNames = new Set(schemas.ir.flowActions.types.flatMap((t) => t.variants.map((v) => v.name)));
const examples = [...pages].flatMap(([path, md]) => examplesOf(md).map((e) => ({ ...e, path })));

function validatorFor(typeName: string) {
  return schemas.document(variantNames.has(typeName) ? "FlowAction" : typeName);
}

describe("reference examples against the generated JSON Schema", () => {
  it("covers every variant and the self-service token requests", () => {
    const named = new Set(examples.map((e) => e.typeName));
    expect([...variantNames].filter((n) => !named.has(n))).toEqual([]);
    for (const record of ["AuthorizeQuery", "AuthorizationCodeTokenRequest", "PasskeyChallengeRequest", "WebAuthnTokenRequest"]) {
      expect(named.has(record), record).toBe(true);
    }
  });

  for (const e of examples) {
    it(`${e.path}:${e.line} ${e.typeName}`, () => {
      const validate = validatorFor(e.typeName);
      expect(validate(e.value), describeErrors(validate.errors)).toBe(true);
    });
  }

  it("rejects a variant example whose params lose a required field", () => {
    const example = examples.find((e) => e.typeName === "FlowActionStripeAddTaxId")!;
    const { customer_id: _dropped, ...params } = (example.value as { params: Record<string, unknown> }).params;
    expect(validatorFor(example.typeName)({ ...(example.value as object), params })).toBe(false);
  });
});
