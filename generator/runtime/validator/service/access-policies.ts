/**
 * The application API access policies of the account self-service interface (rules 7 to 10): what a
 * policy lets an application request, the defaults once the interface is activated, the client flows
 * whose policy cannot change, and granted permissions as an intersection.
 */
import { scopeList } from "../scopes.js";
import type { AccessPolicyRequest, AccessPolicyResult, GrantedScopes, GrantedScopesInput } from "./public-types.js";
import type { SelfServiceRuleData } from "./tables.js";
import { hasOwn } from "../own.js";

/** What each policy means. The generator checks that the spec names exactly these policies. */
export const POLICY_MEANINGS = {
  /** An explicit client grant fixes the most the application may request. */
  require_client_grant: "grant",
  /** Any application of the tenant may request any scope. */
  allow_all: "all",
  /** No application may request anything. */
  deny_all: "none",
} as const;

type Policy = keyof typeof POLICY_MEANINGS;


function isPolicy(value: unknown): value is Policy {
  return typeof value === "string" && hasOwn.call(POLICY_MEANINGS, value);
}

function refusal(rule: string, message: string): AccessPolicyResult {
  return { ok: false, rule, message };
}

function allowed(rules: SelfServiceRuleData, policy: Policy, requested: readonly string[], limit: ReadonlySet<string> | null): AccessPolicyResult {
  const scopes = limit === null ? [...requested] : requested.filter((s) => limit.has(s));
  const withheld = limit === null ? [] : requested.filter((s) => !limit.has(s));
  const discouraged = rules.discouraged !== null && rules.discouraged.policy === policy ? { rule: rules.discouraged.rule, instead: rules.discouraged.instead } : undefined;
  return discouraged === undefined ? { ok: true, policy, scopes, withheld } : { ok: true, policy, scopes, withheld, discouraged };
}

export function accessPolicyScopesWith(rules: SelfServiceRuleData, request: AccessPolicyRequest): AccessPolicyResult {
  try {
    const flow = String(request.flow);
    if (!hasOwn.call(rules.defaultPolicies, flow)) return refusal(rules.defaultPoliciesRule, `unknown kind of flow ${JSON.stringify(flow.slice(0, 100))}; expected one of: ${Object.keys(rules.defaultPolicies).join(", ")}`);
    const fallback = rules.defaultPolicies[flow]!;
    const policy = request.policy ?? fallback;
    if (!isPolicy(policy)) return refusal(rules.defaultPoliciesRule, `unknown access policy ${JSON.stringify(String(policy).slice(0, 100))}; expected one of: ${Object.keys(POLICY_MEANINGS).join(", ")}`);
    const fixed = rules.fixedPolicies.find((f) => f.flow === flow);
    if (fixed !== undefined && policy !== fallback) return refusal(fixed.rule, `the ${flow} policy of this interface cannot be changed from ${fallback}`);
    const requested = scopeList(request.requested);
    switch (POLICY_MEANINGS[policy]) {
      case "none":
        return refusal(rules.defaultPoliciesRule, `the ${flow} policy is ${policy}: no application may request scopes`);
      case "all":
        return allowed(rules, policy, requested, null);
      case "grant": {
        if (request.clientGrant === undefined || request.clientGrant === null) return refusal(rules.discouraged?.rule ?? rules.defaultPoliciesRule, `the ${flow} policy is ${policy} and the application has no client grant`);
        return allowed(rules, policy, requested, new Set(scopeList(request.clientGrant)));
      }
    }
  } catch {
    return refusal(rules.defaultPoliciesRule, "the request could not be read");
  }
}

/** Rule 10: the intersection of the policy's scopes, the user's permissions and the user's consent. */
export function grantedScopesWith(rules: SelfServiceRuleData, input: GrantedScopesInput): GrantedScopes {
  const [, permissionsLabel, consentLabel] = rules.intersectionOf;
  const policy = scopeList(input.policy);
  const parts = [
    { by: permissionsLabel!, set: new Set(scopeList(input.permissions)) },
    { by: consentLabel!, set: new Set(scopeList(input.consent)) },
  ];
  const scopes = policy.filter((s) => parts.every((p) => p.set.has(s)));
  const withheld = parts.map((p) => ({ by: p.by, scopes: policy.filter((s) => !p.set.has(s)) })).filter((w) => w.scopes.length > 0);
  return { scopes, withheld };
}
