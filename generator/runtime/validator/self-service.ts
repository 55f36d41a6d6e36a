/**
 * The cross-field rules of the account self-service interface (spec/authentication.yaml, rules 6, 7
 * and 12): its audience is `https://{domain}/me/` on the same domain as the authorization server
 * the request goes to, and the client credentials grant cannot obtain a token for it.
 */
import type { RawError } from "./context.js";
import { isObjectLike, ownValue } from "./dispatch.js";

export interface SelfServiceRules {
  /** The audience with `{domain}` in it, e.g. `https://{domain}/me/`. */
  readonly audience: string;
  /** Grants refused for this audience, e.g. `client_credentials`. */
  readonly refusedGrants: readonly string[];
}

/** `https://{domain}/me/` → the audience for one domain. */
export function audienceFor(rules: SelfServiceRules, domain: string): string {
  return rules.audience.replace("{domain}", domain);
}

/** The path the audience ends with (`/me/`), the mark of a request meant for the interface. */
function audiencePath(rules: SelfServiceRules): string {
  const afterScheme = rules.audience.slice(rules.audience.indexOf("//") + 2);
  return afterScheme.slice(afterScheme.indexOf("/"));
}

/** True for any absolute URL whose path is the interface's (with or without the final slash). */
export function isSelfServiceAudience(rules: SelfServiceRules, audience: string): boolean {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*(\/[^?#]*)$/.exec(audience);
  if (match === null) return false;
  const path = audiencePath(rules);
  return match[1] === path || match[1] === path.replace(/\/$/, "");
}

/** Scheme and host are case-insensitive: compare them lowercased, the path as written. */
function lowercaseOrigin(url: string): string {
  return url.replace(/^[^/]*\/\/[^/]*/, (origin) => origin.toLowerCase());
}

/** The host of an absolute URL (lowercased), or the placeholder when it has none. */
function hostOf(url: string): string {
  return /^[^/]*\/\/([^/?#]*)/.exec(url)?.[1]?.toLowerCase() ?? "{domain}";
}

/**
 * The audience of a request: when it is meant for the interface (its path is `/me/`), it must be
 * exactly `https://{domain}/me/`, with the endpoint's domain when the caller gives it.
 */
export function checkAudience(rules: SelfServiceRules, value: unknown, domain: string | undefined): RawError[] | null {
  if (!isObjectLike(value)) return null;
  const audience = ownValue(value, "audience");
  if (typeof audience !== "string" || !isSelfServiceAudience(rules, audience)) return null;
  const expected = audienceFor(rules, domain ?? hostOf(audience));
  if (lowercaseOrigin(audience) === expected) return null;
  return [{ instancePath: "/audience", keyword: "selfServiceAudience", params: { expected, domain: domain ?? null } }];
}

/** A refused grant asked for the self-service audience: one issue at `/grant_type`. */
export function checkRefusedGrant(rules: SelfServiceRules, value: unknown, allowed: readonly string[]): RawError[] | null {
  if (!isObjectLike(value)) return null;
  const grant = ownValue(value, "grant_type");
  const audience = ownValue(value, "audience");
  if (typeof grant !== "string" || !rules.refusedGrants.includes(grant)) return null;
  if (typeof audience !== "string" || !isSelfServiceAudience(rules, audience)) return null;
  return [{ instancePath: "/grant_type", keyword: "refusedGrant", params: { grant, allowed: [...allowed] } }];
}

/** The audience rule as a cross-field check of a validator. */
export function audienceRule(rules: SelfServiceRules): (input: unknown, options: { readonly domain: string | undefined }) => RawError[] | null {
  return (input, options) => checkAudience(rules, input, options.domain);
}

/** The refused-grant rule as a check run before a token request is dispatched by `grant_type`. */
export function refusedGrantRule(rules: SelfServiceRules, allowed: readonly string[]): (input: unknown) => RawError[] | null {
  return (input) => checkRefusedGrant(rules, input, allowed);
}
