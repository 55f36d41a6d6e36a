/**
 * The typed API of @flowspec/fixtures: a variant's fixtures and arbitrary are typed by its key, a
 * record's by its name, and a name that is not one does not compile.
 */
import type { Arbitrary } from "fast-check";
import type { CreateFlowRequestContent, FlowAction, FlowActionStripeAddTaxId, TokenRequest } from "@flowspec/types";
import { recordFixtures, variantFixtures, type ExpectedIssue } from "@flowspec/fixtures";
import { flowActionArbitrary, invalidVariantArbitrary, recordArbitrary, variantArbitrary, type InvalidValue } from "@flowspec/fixtures/arbitraries";
import { describe, expectTypeOf, it } from "vitest";

describe("@flowspec/fixtures", () => {
  it("types a variant's values by its key and a record's by its name", () => {
    expectTypeOf(variantFixtures("STRIPE:ADD_TAX_ID").full).toEqualTypeOf<FlowActionStripeAddTaxId>();
    expectTypeOf(variantFixtures("STRIPE:ADD_TAX_ID").edges[0]!.value).toEqualTypeOf<FlowActionStripeAddTaxId>();
    expectTypeOf(recordFixtures("TokenRequest").minimal).toEqualTypeOf<TokenRequest>();
    expectTypeOf(variantFixtures("STRIPE:ADD_TAX_ID").invalid[0]!.issue).toEqualTypeOf<ExpectedIssue>();
  });

  it("refuses a key or a name that is not one", () => {
    // @ts-expect-error: STRIPE has no SEND_EMAIL
    variantFixtures("STRIPE:SEND_EMAIL");
    // @ts-expect-error: a record the fixtures do not cover on its own
    recordFixtures("ErrorIssue");
  });
});

describe("@flowspec/fixtures/arbitraries", () => {
  it("types each arbitrary by what it makes", () => {
    expectTypeOf(recordArbitrary("CreateFlowRequestContent")).toEqualTypeOf<Arbitrary<CreateFlowRequestContent>>();
    expectTypeOf(variantArbitrary("STRIPE:ADD_TAX_ID")).toEqualTypeOf<Arbitrary<FlowActionStripeAddTaxId>>();
    expectTypeOf(flowActionArbitrary()).toEqualTypeOf<Arbitrary<FlowAction>>();
    expectTypeOf(invalidVariantArbitrary("STRIPE:ADD_TAX_ID")).toEqualTypeOf<Arbitrary<InvalidValue>>();
  });
});
