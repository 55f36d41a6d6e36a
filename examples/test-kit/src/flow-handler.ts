/**
 * The service's own handler: it accepts a flow from its callers with the validator's request check
 * (the same rules as the vendor's POST /api/v2/flows) and keeps a summary of each action.
 */
import type { CreateFlowRequestContent } from "@flowspec/validator";
import { createRequestCheck, type ErrorResponseBody, type TokenClaims } from "@flowspec/validator/service";

const checkCreateFlow = createRequestCheck("post_flows", { globalClients: ["flow-editor"] });

export type HandlerAnswer = { readonly status: 201; readonly body: { readonly name: string; readonly steps: readonly string[] } } | { readonly status: number; readonly body: ErrorResponseBody };

export function handleCreateFlow(request: { readonly headers: Record<string, string>; readonly rawBody: string; readonly claims: TokenClaims | null }): HandlerAnswer {
  const result = checkCreateFlow({ method: "POST", ...request });
  if (!result.ok) return { status: result.response.status, body: result.response.body };
  const flow: CreateFlowRequestContent = result.value;
  return { status: 201, body: { name: flow.name, steps: (flow.actions ?? []).map((a) => `${a.type}:${a.action}`) } };
}
