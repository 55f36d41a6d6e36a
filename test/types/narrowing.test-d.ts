/**
 * Type tests for the FlowAction union, run by vitest's typecheck mode (and by `npm run typecheck`,
 * which covers test/): every `expectTypeOf` must hold and every `@ts-expect-error` line must really
 * be an error; a failure is reported at the assertion.
 */
import type {
  FlowAction,
  FlowActionActionOf,
  FlowActionByKey,
  FlowActionFlowBooleanCondition,
  FlowActionFlowDelayFlowParams,
  FlowActionFlowDoNothing,
  FlowActionFlowDoNothingParams,
  FlowActionMailjetSendEmailParams,
  FlowActionOf,
  FlowActionParamsOf,
  FlowActionStripe,
  FlowActionStripeAddTaxId,
  FlowActionStripeAddTaxIdParams,
  FlowActionStripeCreateCustomerParams,
  FlowActionType,
} from "@flowspec/types";
import { describe, expectTypeOf, it } from "vitest";

const taxIdParams: FlowActionStripeAddTaxIdParams = {
  connection_id: "ac_1",
  customer_id: "cus_1",
  type: "eu_vat",
  value: "DE123",
};

describe("narrowing on type, then action", () => {
  it("gives the exact params type", () => {
    const paramsOf = (a: FlowAction): unknown => {
      switch (a.type) {
        case "STRIPE":
          expectTypeOf(a).toEqualTypeOf<FlowActionStripe>();
          switch (a.action) {
            case "ADD_TAX_ID":
              expectTypeOf(a).toEqualTypeOf<FlowActionStripeAddTaxId>();
              expectTypeOf(a.params).toEqualTypeOf<FlowActionStripeAddTaxIdParams>();
              return a.params.customer_id;
            case "CREATE_CUSTOMER":
              expectTypeOf(a.params).toEqualTypeOf<FlowActionStripeCreateCustomerParams>();
              return a.params.tax_id?.value;
            default:
              // @ts-expect-error SEND_EMAIL is not an action of STRIPE, so narrowing rules it out.
              if (a.action === "SEND_EMAIL") return undefined;
              return a.action;
          }
        case "FLOW":
          if (a.action === "DO_NOTHING") expectTypeOf(a.params).toEqualTypeOf<FlowActionFlowDoNothingParams | undefined>();
          return a.action;
        default:
          return a.type;
      }
    };
    paramsOf({ type: "STRIPE", action: "ADD_TAX_ID", id: "add_tax_id", params: taxIdParams });
  });

  it("knows the actions of each type and nothing else", () => {
    expectTypeOf<FlowActionActionOf<"CLEARBIT">>().toEqualTypeOf<"FIND_PERSON" | "FIND_COMPANY">();
    expectTypeOf<FlowActionActionOf<"STRIPE">>().not.toEqualTypeOf<FlowAction["action"]>();
    expectTypeOf<FlowActionType>().toEqualTypeOf<FlowAction["type"]>();
  });
});

describe("picking a variant", () => {
  it("by type and action, by key, and its params", () => {
    expectTypeOf<FlowActionOf<"STRIPE", "ADD_TAX_ID">>().toEqualTypeOf<FlowActionStripeAddTaxId>();
    expectTypeOf<FlowActionByKey<"STRIPE:ADD_TAX_ID">>().toEqualTypeOf<FlowActionStripeAddTaxId>();
    expectTypeOf<FlowActionParamsOf<"STRIPE", "ADD_TAX_ID">>().toEqualTypeOf<FlowActionStripeAddTaxIdParams>();
    expectTypeOf<FlowActionParamsOf<"FLOW", "DO_NOTHING">>().toEqualTypeOf<FlowActionFlowDoNothingParams>();
  });

  it("rejects an action the type does not have", () => {
    // @ts-expect-error SEND_EMAIL is an action of AUTH0, MAILJET and SENDGRID, not of STRIPE.
    expectTypeOf<FlowActionOf<"STRIPE", "SEND_EMAIL">>().toBeNever();
    // @ts-expect-error a key built from the cross product is not a key.
    expectTypeOf<FlowActionByKey<"STRIPE:SEND_EMAIL">>().toBeNever();
  });
});

describe("object literals", () => {
  it("rejects a mismatched pair", () => {
    // @ts-expect-error STRIPE has no SEND_EMAIL action.
    const wrong: FlowAction = { type: "STRIPE", action: "SEND_EMAIL", id: "x", params: taxIdParams };
    expectTypeOf(wrong).toEqualTypeOf<FlowAction>();
  });

  it("requires params unless the spec makes them optional", () => {
    // @ts-expect-error params are required for STRIPE ADD_TAX_ID.
    const missing: FlowActionStripeAddTaxId = { type: "STRIPE", action: "ADD_TAX_ID", id: "x" };
    // @ts-expect-error customer_id is a required param.
    const partial: FlowActionStripeAddTaxIdParams = { connection_id: "ac_1", type: "eu_vat", value: "DE123" };
    const noParams: FlowActionFlowDoNothing = { type: "FLOW", action: "DO_NOTHING", id: "wait" };
    expectTypeOf(missing).toEqualTypeOf<FlowActionStripeAddTaxId>();
    expectTypeOf(partial).toEqualTypeOf<FlowActionStripeAddTaxIdParams>();
    expectTypeOf(noParams.params).toEqualTypeOf<FlowActionFlowDoNothingParams | undefined>();
  });

  it("requires the common id and rejects unknown fields", () => {
    // @ts-expect-error id is a required common field.
    const noId: FlowActionStripeAddTaxId = { type: "STRIPE", action: "ADD_TAX_ID", params: taxIdParams };
    // @ts-expect-error the variant is closed: no field besides the common ones and params.
    const extra: FlowActionStripeAddTaxId = { type: "STRIPE", action: "ADD_TAX_ID", id: "x", params: taxIdParams, note: "" };
    // @ts-expect-error params are closed too.
    const extraParam: FlowActionStripeAddTaxIdParams = { ...taxIdParams, country: "DE" };
    expectTypeOf([noId, extra, extraParam]).toBeArray();
  });
});

describe("FLOW actions", () => {
  it("DO_NOTHING params accept only {}", () => {
    const empty: FlowActionFlowDoNothingParams = {};
    // @ts-expect-error no property is allowed.
    const one: FlowActionFlowDoNothingParams = { anything: 1 };
    // @ts-expect-error not even an undefined one.
    const undef: FlowActionFlowDoNothingParams = { anything: undefined };
    // @ts-expect-error a string is not an empty object.
    const text: FlowActionFlowDoNothingParams = "";
    // @ts-expect-error nor is an array.
    const list: FlowActionFlowDoNothingParams = [];
    expectTypeOf<{ a: number }>().not.toExtend<FlowActionFlowDoNothingParams>();
    expectTypeOf<string>().not.toExtend<FlowActionFlowDoNothingParams>();
    expectTypeOf<number[]>().not.toExtend<FlowActionFlowDoNothingParams>();
    expectTypeOf([empty, one, undef, text, list]).toBeArray();
  });

  it("BOOLEAN_CONDITION has a required `if` and recursive then/else", () => {
    const nested: FlowActionFlowBooleanCondition = {
      type: "FLOW",
      action: "BOOLEAN_CONDITION",
      id: "outer",
      params: {
        if: "{{fields.vip}}",
        then: [{ type: "FLOW", action: "BOOLEAN_CONDITION", id: "inner", params: { if: true, else: [] } }],
        else: [{ type: "STRIPE", action: "ADD_TAX_ID", id: "tax", params: taxIdParams }],
      },
    };
    expectTypeOf(nested.params.if).toBeUnknown();
    expectTypeOf(nested.params.then).toEqualTypeOf<FlowAction[] | undefined>();
    // @ts-expect-error `if` is required.
    const noIf: FlowActionFlowBooleanCondition = { type: "FLOW", action: "BOOLEAN_CONDITION", id: "x", params: {} };
    // @ts-expect-error an item of `then` must be an action.
    const badThen: FlowActionFlowBooleanCondition = { type: "FLOW", action: "BOOLEAN_CONDITION", id: "x", params: { if: 1, then: [{ type: "FLOW" }] } };
    expectTypeOf([noIf, badThen]).toBeArray();
  });

  it("keeps an integer-or-string union a union", () => {
    expectTypeOf<FlowActionFlowDelayFlowParams["number"]>().toEqualTypeOf<number | string>();
    expectTypeOf<FlowActionFlowDelayFlowParams["units"]>().toEqualTypeOf<"SECONDS" | "MINUTES" | "HOURS" | "DAYS" | undefined>();
  });
});

describe("open objects and unions of objects", () => {
  it("MAILJET SEND_EMAIL params are one of two open forms", () => {
    const content: FlowActionMailjetSendEmailParams = { content: "Hello", subject: "extra keys are allowed" };
    const template: FlowActionMailjetSendEmailParams = { template_id: 42, variables: { name: "Ada" } };
    // @ts-expect-error template_id is an integer, not a string.
    const wrong: FlowActionMailjetSendEmailParams = { template_id: "42" };
    expectTypeOf([content, template, wrong]).toBeArray();
  });

  it("a closed nested object has no index signature", () => {
    type TaxId = NonNullable<FlowActionStripeCreateCustomerParams["tax_id"]>;
    expectTypeOf<TaxId>().toEqualTypeOf<{ type: string; value: string }>();
    expectTypeOf<FlowActionStripeCreateCustomerParams["metadata"]>().toEqualTypeOf<Record<string, string> | undefined>();
  });
});
