/**
 * The authentication rules as typed IR nodes, and the facts other stages read off them, so no
 * emitter has to know a rule kind or a placeholder by its spelling.
 */
import type { Typed } from "../check/spec-sources.js";
import { locIn } from "../load/load-spec.js";
import { sortedEntries } from "../base/order.js";
import type { AuthRule } from "./model.js";

/** The placeholder an audience holds when each domain of the tenant has its own. */
const DOMAIN_PLACEHOLDER = "{domain}";

/** Every mapping in `value` with its keys in code-unit order; lists keep theirs. */
function sortMappings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortMappings);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(sortedEntries(value as Record<string, unknown>).map(([key, item]) => [key, sortMappings(item)]));
}

export function authRules(auth: Typed<"authentication">): AuthRule[] {
  return auth.data.rules.map((rule, i) => {
    const { id, seed, kind, text, interface: iface, ...data } = rule;
    const base = { id, seed, kind, text, ...(iface === undefined ? {} : { interface: iface }) };
    // The checker required exactly the fields of the rule's kind, so `data` is that kind's. Its
    // mappings (the fields, `policies`, each token flow) carry no order: sorted like every other.
    return { ...base, data: sortMappings(data), loc: locIn(auth.file, `/rules/${i}`) } as AuthRule;
  });
}

export function hasDomainAudience(audience: string | undefined): boolean {
  return audience?.includes(DOMAIN_PLACEHOLDER) ?? false;
}

/** The grants the rules refuse for one interface. */
export function refusedGrants(rules: readonly AuthRule[], iface: string): string[] {
  return rules.flatMap((r) => (r.kind === "grant_not_allowed" && r.interface === iface ? [r.data.grant] : []));
}
