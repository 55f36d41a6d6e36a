/**
 * What a user flow (authorization code, passkey) may obtain for the audience it asks for. For the
 * account self-service audience the spec's rules decide, through the served validator: the scopes'
 * form (rule 6) and the user-flow access policy with the client's grant (rules 8 to 10). The
 * audience's domain (rule 12) is checked before, by the validators' `domain` option.
 */
import type { ServeContext } from "./context.js";
import { oauthError, type OAuthError } from "./oauth-errors.js";
import type { ClientConfig } from "./config.js";
import { scopeList } from "../../runtime/validator/service/claims.js";

/** OpenID Connect Core 1.0 §5.4 and §11: scopes any login may ask for, whatever the audience. */
const OIDC_SCOPES = new Set(["openid", "profile", "email", "address", "phone", "offline_access"]);

export interface UserGrant {
  readonly audience: string;
  readonly scopes: readonly string[];
}

function selfServiceScopes(ctx: ServeContext, client: ClientConfig, requested: readonly string[]): readonly string[] | OAuthError {
  const form = ctx.validator.checkSelfServiceScopes(requested);
  if (!form.ok) return oauthError("invalid_scope", `${form.message} (authentication rule ${form.rule})`);
  const oidc = requested.filter((s) => OIDC_SCOPES.has(s));
  const policy = ctx.validator.accessPolicyScopes({
    flow: "user_flows",
    ...(ctx.config.userFlowPolicy !== undefined && { policy: ctx.config.userFlowPolicy }),
    requested: requested.filter((s) => !OIDC_SCOPES.has(s)),
    clientGrant: client.selfServiceScopes,
  });
  if (!policy.ok) return oauthError("access_denied", `${policy.message} (authentication rule ${policy.rule})`);
  return [...oidc, ...policy.scopes];
}

/** The audience and scopes a user flow gets: requested scopes the rules withhold are left out (RFC 6749 §3.3). */
export function userGrant(ctx: ServeContext, client: ClientConfig, audience: string | undefined, scope: unknown): UserGrant | OAuthError {
  const requested = scopeList(scope);
  if (audience === undefined) {
    return { audience: `https://${ctx.config.domain}/userinfo`, scopes: requested.filter((s) => OIDC_SCOPES.has(s)) };
  }
  // Scheme and host are case-insensitive (the validators' domain check reads them so too).
  const known = (expected: string) => audience.toLowerCase() === expected.toLowerCase();
  if (known(ctx.audiences.selfService)) {
    const scopes = selfServiceScopes(ctx, client, requested);
    return "error" in scopes ? scopes : { audience: ctx.audiences.selfService, scopes };
  }
  if (known(ctx.audiences.management)) {
    return { audience: ctx.audiences.management, scopes: requested.filter((s) => OIDC_SCOPES.has(s) || client.scopes.includes(s)) };
  }
  return oauthError("access_denied", `Service not found: ${audience.slice(0, 200)}`);
}
