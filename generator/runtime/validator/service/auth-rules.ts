/**
 * Rules 3 and 7 as checks: the global client of the management interface, and the grants refused for
 * the account self-service audience.
 */
import { isSelfServiceAudience } from "../self-service.js";
import type { GlobalClients, RuleRefusal } from "./public-types.js";
import { isGlobalClientWith } from "./claims.js";
import type { SelfServiceRuleData } from "./tables.js";

export function isGlobalClient(claims: unknown, globalClients: GlobalClients): boolean {
  try {
    return isGlobalClientWith(claims, globalClients);
  } catch {
    return false;
  }
}

/** Rule 7: may this grant obtain a token for this audience? */
export function checkTokenGrantWith(rules: SelfServiceRuleData, grant: unknown, audience: unknown): { readonly ok: true } | RuleRefusal {
  if (typeof grant !== "string" || typeof audience !== "string") return { ok: false, rule: rules.refusedGrants[0]?.rule ?? "", message: "grant and audience must be strings" };
  const refused = rules.refusedGrants.find((r) => r.grant === grant);
  if (refused === undefined || !isSelfServiceAudience({ audience: rules.audience, refusedGrants: [] }, audience)) return { ok: true };
  return { ok: false, rule: refused.rule, message: `the ${grant} grant cannot obtain a token for the account self-service audience` };
}
