// A consumer under node10 resolution (TypeScript 5; TypeScript 7 dropped it), which reads no
// `exports`: the `types` field, index.d.ts, which re-exports index.d.cts; the validator's
// index.d.ts, whose value types come from its dist/types.d.cts.
import { FLOW_ACTION_KEYS, SPEC_VERSION, type FlowAction, type FlowActionOf } from "@flowspec/types";
import { validateFlowAction } from "@flowspec/validator";

export function customerOf(action: FlowAction): string | undefined {
  if (action.type === "STRIPE" && action.action === "ADD_TAX_ID") return action.params.customer_id;
  return undefined;
}

// @ts-expect-error: SEND_EMAIL is not an action of STRIPE
export const wrong: FlowActionOf<"STRIPE", "ADD_TAX_ID"> = { type: "STRIPE", action: "SEND_EMAIL", id: "x" };

export const keys: number = FLOW_ACTION_KEYS.length;
export const version: string = SPEC_VERSION;

export function taxCustomerOf(value: unknown): string | undefined {
  const result = validateFlowAction(value);
  return result.ok ? customerOf(result.value) : undefined;
}

export function typeOf(value: unknown): number {
  const result = validateFlowAction(value);
  // @ts-expect-error: a validated flow action is an object (were its types lost, it would be any)
  return result.ok ? result.value : 0;
}
