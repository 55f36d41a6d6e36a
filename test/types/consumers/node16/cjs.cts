// A CommonJS consumer under node16 resolution: the `require` condition, index.d.cts.
import { ERRORS, FLOW_ACTION_TYPES, OPERATION_SCOPES, type FlowActionType, type UpdateResourceServerScopesRequestContent } from "@flowspec/types";

export const firstType: FlowActionType = FLOW_ACTION_TYPES[0];
export const scope: "create:flows" = OPERATION_SCOPES.post_flows;
export const statuses: readonly number[] = ERRORS.map((e) => e.status);

export const body: UpdateResourceServerScopesRequestContent = {
  scopes: [{ value: "read:reports", description: "Read reports" }],
};
