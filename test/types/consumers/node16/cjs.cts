// A CommonJS consumer under node16 resolution: the `require` condition, index.d.cts, which holds
// the declarations index.d.ts re-exports.
import {
  ERRORS,
  FLOW_ACTION_TYPES,
  OPERATION_SCOPES,
  type FlowAction,
  type FlowActionOf,
  type FlowActionType,
  type UpdateResourceServerScopesRequestContent,
} from "@flowspec/types";

export const firstType: FlowActionType = FLOW_ACTION_TYPES[0];
export const scope: "create:flows" = OPERATION_SCOPES.post_flows;
export const statuses: readonly number[] = ERRORS.map((e) => e.status);

export const body: UpdateResourceServerScopesRequestContent = {
  scopes: [{ value: "read:reports", description: "Read reports" }],
};

export function customerOf(action: FlowAction): string | undefined {
  if (action.type === "STRIPE" && action.action === "ADD_TAX_ID") return action.params.customer_id;
  return undefined;
}

// @ts-expect-error: SEND_EMAIL is not an action of STRIPE
export const wrong: FlowActionOf<"STRIPE", "ADD_TAX_ID"> = { type: "STRIPE", action: "SEND_EMAIL", id: "x" };
