/**
 * What the example services do with a valid request: create a flow (an id like the vendor's `af_…`
 * and timestamps, checked against the response record before it is sent) or replace an API's
 * permissions, saying what the replacement removed.
 */
import { randomInt } from "node:crypto";
import { validateCreateFlowResponse, type CreateFlowRequestContent, type CreateFlowResponseContent, type ResourceServerScope } from "@flowspec/validator";
import { planScopeReplacement, type ScopeReplacementPlan } from "@flowspec/validator/service";

/** The 58 characters the vendor's ids use (no 0, O, I, l). */
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function flowId(): string {
  let id = "af_";
  for (let i = 0; i < 22; i++) id += BASE58[randomInt(BASE58.length)];
  return id;
}

export function createFlow(request: CreateFlowRequestContent): CreateFlowResponseContent {
  const now = new Date().toISOString();
  const flow: CreateFlowResponseContent = { id: flowId(), ...request, created_at: now, updated_at: now };
  const checked = validateCreateFlowResponse(flow);
  if (!checked.ok) throw new Error(`the example built an invalid response: ${checked.issues[0]?.message ?? ""}`);
  return checked.value;
}

export interface ScopesReplaced {
  readonly id: string;
  readonly scopes: readonly ResourceServerScope[];
  /** What the PATCH changed: removal by omission is the mistake users make, so it is said. */
  readonly changes: Pick<ScopeReplacementPlan, "added" | "removed" | "duplicates">;
}

/** In-memory permission lists, by API id. */
export class ResourceServers {
  readonly #scopes = new Map<string, readonly ResourceServerScope[]>();

  replaceScopes(id: string, scopes: readonly ResourceServerScope[]): ScopesReplaced {
    const plan = planScopeReplacement(this.#scopes.get(id) ?? [], scopes);
    if (!plan.ok) throw new Error(`the validated scopes could not be planned: ${plan.issues[0]?.message ?? ""}`);
    this.#scopes.set(id, scopes);
    return { id, scopes, changes: { added: plan.added, removed: plan.removed, duplicates: plan.duplicates } };
  }
}
