/**
 * A misspelt key is one mistake, so one issue: `unknown_property` at the key, naming the declared
 * property it resembles (`params.suggestion`, and "did you mean" in the message), with the
 * `required` issue that property's absence would give folded into it. In both modes.
 */
import { describe, expect, it } from "vitest";
import { validator, type ValidationIssue } from "./support/validator.js";

const PARAMS = { connection_id: "ac_123", customer_id: "cus_1", type: "eu_vat", value: "DE123" };
const ADD_TAX_ID = { id: "tax", type: "STRIPE", action: "ADD_TAX_ID", params: PARAMS };

function withParams(params: Record<string, unknown>): Record<string, unknown> {
  return { ...ADD_TAX_ID, params };
}

function issues(result: { ok: boolean; issues?: readonly ValidationIssue[] }): readonly ValidationIssue[] {
  return result.ok ? [] : (result.issues ?? []);
}

/** The issues in both modes: all of them, and the first-error answer. */
function bothModes(input: unknown): { all: readonly ValidationIssue[]; first: readonly ValidationIssue[] } {
  return { all: issues(validator.validateFlowAction(input, { allErrors: true })), first: issues(validator.validateFlowAction(input)) };
}

describe("a misspelt key", () => {
  it("of a required property is one unknown_property issue that names it, in both modes", () => {
    const { connection_id, ...rest } = PARAMS;
    const { all, first } = bothModes(withParams({ ...rest, conection_id: connection_id }));
    const expected = {
      code: "unknown_property",
      path: "/params/conection_id",
      keyword: "additionalProperties",
      params: { property: "conection_id", suggestion: "connection_id" },
      message: 'property "conection_id" is not allowed here; did you mean "connection_id"?',
    };
    expect(all).toEqual([expected]);
    expect(first).toEqual([expected]);
  });

  it("whatever its case", () => {
    const { customer_id, ...rest } = PARAMS;
    const { all } = bothModes(withParams({ ...rest, Customer_ID: customer_id }));
    expect(all).toEqual([expect.objectContaining({ code: "unknown_property", path: "/params/Customer_ID", params: { property: "Customer_ID", suggestion: "customer_id" } })]);
  });

  it("of an optional property names it too (nothing is missing)", () => {
    const action = { id: "c", type: "STRIPE", action: "CREATE_CUSTOMER", params: { connection_id: "ac_123", emial: "a@b.c" } };
    const { all } = bothModes(action);
    expect(all).toEqual([expect.objectContaining({ code: "unknown_property", path: "/params/emial", params: { property: "emial", suggestion: "email" } })]);
  });

  it("of a field of the action itself (parmas for params)", () => {
    const { params, ...action } = ADD_TAX_ID;
    const { all, first } = bothModes({ ...action, parmas: params });
    expect(all).toEqual([expect.objectContaining({ code: "unknown_property", path: "/parmas", params: { property: "parmas", suggestion: "params" } })]);
    expect(first).toEqual(all);
  });

  it("anywhere in a flow, at its full path", () => {
    const { value, ...rest } = PARAMS;
    const flow = { name: "Typo", actions: [{ id: "n", type: "FLOW", action: "DO_NOTHING" }, withParams({ ...rest, valeu: value })] };
    const result = issues(validator.validateCreateFlowRequest(flow, { allErrors: true }));
    expect(result).toEqual([expect.objectContaining({ code: "unknown_property", path: "/actions/1/params/valeu", params: { property: "valeu", suggestion: "value" } })]);
  });
});

describe("an unknown key that is not a typo", () => {
  it("gives the required issue and the unknown_property issue, without a suggestion", () => {
    const { connection_id, ...rest } = PARAMS;
    const { all, first } = bothModes(withParams({ ...rest, vault: connection_id }));
    expect(all.map((i) => [i.code, i.path, i.params])).toEqual([
      ["required", "/params/connection_id", { missingProperty: "connection_id" }],
      ["unknown_property", "/params/vault", { property: "vault" }],
    ]);
    expect(all[1]!.message).toBe('property "vault" is not allowed here');
    expect(first).toEqual([all[0]]);
  });

  it("does not name a property the object already has", () => {
    const { all } = bothModes(withParams({ ...PARAMS, values: "DE123" }));
    expect(all).toEqual([expect.objectContaining({ code: "unknown_property", path: "/params/values", params: { property: "values" } })]);
  });

  it("keeps the other missing properties in the required issues, in schema order", () => {
    const { all, first } = bothModes(withParams({ conection_id: "ac_123", type: "eu_vat" }));
    expect(all.map((i) => `${i.code} ${i.path}`)).toEqual(["required /params/customer_id", "required /params/value", "unknown_property /params/conection_id"]);
    expect(first.map((i) => `${i.code} ${i.path}`)).toEqual(["required /params/customer_id"]);
  });
});

describe("a type or action written in the wrong case", () => {
  it("names the one it resembles: Stripe → STRIPE, add_tax_id → ADD_TAX_ID", () => {
    const type = issues(validator.validateFlowAction({ ...ADD_TAX_ID, type: "Stripe" }));
    expect(type).toEqual([expect.objectContaining({ code: "unknown_type", path: "/type", params: expect.objectContaining({ suggestion: "STRIPE" }) })]);
    expect(type[0]!.message).toContain('did you mean "STRIPE"?');
    const action = issues(validator.validateFlowAction({ ...ADD_TAX_ID, action: "add_tax_id" }));
    expect(action).toEqual([expect.objectContaining({ code: "unknown_action", params: expect.objectContaining({ suggestion: "ADD_TAX_ID" }) })]);
    expect(issues(validator.validateFlowAction({ ...ADD_TAX_ID, type: "NOPE_AT_ALL" }))[0]!.params).not.toHaveProperty("suggestion");
  });
});
