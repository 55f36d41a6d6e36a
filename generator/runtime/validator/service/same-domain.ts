/**
 * Rule 12: the token request, the audience and the endpoint call (and the authorize request, when
 * the flow has one) use one domain, canonical or custom. Hosts compare case-insensitively; ports count.
 */
import type { SameDomainInput, SameDomainResult } from "./public-types.js";
import type { SelfServiceRuleData } from "./tables.js";

/** The host (and port) of an absolute http(s) URL, lower-case; null when it is not one. */
function hostOf(url: unknown): string | null {
  if (typeof url !== "string") return null;
  const match = /^https?:\/\/([^/?#@]+)(?:[/?#]|$)/i.exec(url);
  return match === null ? null : match[1]!.toLowerCase().replace(/:443$/, "");
}

const PARTS = ["authorize", "token", "audience", "call"] as const;

export function checkSameDomainWith(rules: SelfServiceRuleData, input: SameDomainInput): SameDomainResult {
  const rule = rules.sameDomainRule;
  try {
    const domains: Record<string, string | null> = {};
    for (const part of PARTS) {
      const url = input[part];
      if (part === "authorize" && url === undefined) continue;
      domains[part] = hostOf(url);
    }
    const hosts = Object.values(domains);
    const first = hosts[0] ?? null;
    if (first !== null && hosts.every((h) => h === first)) return { ok: true, domain: first };
    const listed = Object.entries(domains).map(([part, host]) => `${part}: ${host ?? "not an http(s) URL"}`).join(", ");
    const steps = rules.sameDomainFor.length > 0 ? rules.sameDomainFor.join(", ") : "every step";
    return { ok: false, rule, domains, message: `the same domain must be used for ${steps}; got ${listed}` };
  } catch {
    return { ok: false, rule, domains: {}, message: "the URLs could not be read" };
  }
}
