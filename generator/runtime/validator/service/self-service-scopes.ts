/**
 * Rule 6: the scopes of a token for the account self-service audience have the form the spec gives
 * (`*:me:*`, e.g. `create:me:authentication_methods`), besides the OpenID Connect scopes a login
 * may add (`openid`, `offline_access`, …).
 */
import { scopeList } from "../scopes.js";
import type { SelfServiceScopesResult } from "./public-types.js";

/** OpenID Connect Core 1.0 §5.4 and §11: scope values any login may request. */
const OIDC_SCOPES = new Set(["openid", "profile", "email", "address", "phone", "offline_access"]);

/** `*:me:*` → a matcher where each `*` is one segment of scope-token characters other than `:`. */
export function scopeFormMatcher(form: string): RegExp {
  const parts = form.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[!#-9;-\\[\\]-~]+")}$`);
}

export function checkSelfServiceScopesWith(form: RegExp, formText: string, rule: string, scopes: unknown): SelfServiceScopesResult {
  try {
    const list = scopeList(scopes);
    const invalid = list.filter((s) => !OIDC_SCOPES.has(s) && !form.test(s));
    if (invalid.length === 0) return { ok: true, scopes: list };
    return { ok: false, rule, invalid, message: `scopes for the self-service audience have the form ${formText}; not: ${invalid.join(", ").slice(0, 300)}` };
  } catch {
    return { ok: false, rule, invalid: [], message: "the scopes could not be read" };
  }
}
