// A CommonJS consumer under nodenext resolution: the `require` condition, index.d.cts.
// Types, values and narrowing, as the ES module consumer beside it has them.
import { FLOW_ACTION_KEYS, SPEC_VERSION, type FlowAction, type FlowActionOf } from "@flowspec/types";

export function customerOf(action: FlowAction): string | undefined {
  if (action.type === "STRIPE" && action.action === "ADD_TAX_ID") return action.params.customer_id;
  return undefined;
}

// @ts-expect-error: SEND_EMAIL is not an action of STRIPE
export const wrong: FlowActionOf<"STRIPE", "ADD_TAX_ID"> = { type: "STRIPE", action: "SEND_EMAIL", id: "x" };

export const keys: number = FLOW_ACTION_KEYS.length;
export const version: string = SPEC_VERSION;
