// An ES module consumer under node16 resolution: the `import` condition, index.d.ts (a re-export of
// index.d.cts: node16 lets an ES module import a CommonJS one, not the other way round).
import {
  FLOW_ACTION_ACTIONS,
  FLOW_ACTION_KEYS,
  LIMITS,
  SPEC_VERSION,
  type CreateFlowRequestContent,
  type FlowAction,
  type FlowActionKey,
  type FlowActionOf,
  type TokenRequest,
} from "@flowspec/types";

const taxId: FlowActionOf<"STRIPE", "ADD_TAX_ID"> = {
  type: "STRIPE",
  action: "ADD_TAX_ID",
  id: "add_tax_id",
  params: { connection_id: "ac_1", customer_id: "cus_1", type: "eu_vat", value: "DE123" },
};

export const flow: CreateFlowRequestContent = {
  name: "Tax IDs",
  actions: [taxId, { type: "FLOW", action: "DO_NOTHING", id: "noop" }],
};

export function describe(action: FlowAction): string {
  if (action.type === "STRIPE" && action.action === "ADD_TAX_ID") return action.params.value;
  return action.type;
}

export const firstKey: FlowActionKey = FLOW_ACTION_KEYS[0];
export const stripeActions: readonly string[] = FLOW_ACTION_ACTIONS.STRIPE;
export const maxName: 150 = LIMITS.flow_name_length.maxLength;
export const version: string = SPEC_VERSION;

export const token: TokenRequest = {
  grant_type: "authorization_code",
  client_id: "abc",
  code: "xyz",
  redirect_uri: "https://app.example.com/callback",
};
