/**
 * POST /oauth/token. The served validator's request check reads the body (a form or JSON, as the
 * spec's operation takes it) and judges it against TokenRequest, with the stand-in's domain (rule
 * 12): a grant the spec does not describe is `unsupported_grant_type`, the client-credentials grant
 * for the self-service audience is refused by rule 7's row. Then the module of the record the
 * `grant_type` names in the served spec (`SpecFacts.recordOf`) redeems what the request names, and
 * every refusal is a row of the spec's error table.
 */
import type { AuthorizationCodeTokenRequest, ClientCredentialsTokenRequest, PasswordTokenRequest, TokenRequest, WebAuthnTokenRequest } from "@flowspec/validator";
import { conflictingAuthentication, credentialsOf, provenClient } from "../client-auth.js";
import type { RateLimitDecision } from "../rate-limiter.js";
import type { Handler, ServeContext } from "../context.js";
import type { Exchange } from "../exchange.js";
import { isOAuthError, oauthError, sendOAuthError, type OAuthError } from "../oauth-errors.js";
import type { TokenResponseBody } from "../token-response.js";
import { authorizationCodeGrant } from "./grant-authorization-code.js";
import { clientCredentialsGrant } from "./grant-client-credentials.js";
import { passwordGrant } from "./grant-password.js";
import { webAuthnGrant } from "./grant-webauthn.js";
import { unreachable } from "../../base/internal-error.js";

/**
 * Counts an authorization-server request: under the client it proved to be (a known client and its
 * secret) in the token count, else under its address with every caller that has not authenticated,
 * so naming a client (or guessing its secret) never spends that client's count.
 */
export function countRequest(ctx: ServeContext, ex: Exchange, provenClientId: string | null): RateLimitDecision {
  return provenClientId !== null ? ex.limit(ctx.tokenLimiter, `client:${provenClientId}`) : ex.limit(ctx.anonymousLimiter, `address:${ex.remote}`);
}

/** The request check has judged the body against the record its `grant_type` names, so it is that record. */
async function grant(ctx: ServeContext, ex: Exchange, request: TokenRequest): Promise<TokenResponseBody | OAuthError> {
  const credentials = credentialsOf(ex, request);
  const record = ctx.facts.recordOf.get(request.grant_type);
  switch (record) {
    case "AuthorizationCodeTokenRequest":
      return authorizationCodeGrant(ctx, request as AuthorizationCodeTokenRequest, credentials);
    case "ClientCredentialsTokenRequest":
      return clientCredentialsGrant(ctx, request as ClientCredentialsTokenRequest, credentials);
    case "PasswordTokenRequest":
      return passwordGrant(ctx, request as PasswordTokenRequest, credentials);
    case "WebAuthnTokenRequest":
      return webAuthnGrant(ctx, request as WebAuthnTokenRequest, credentials);
    case undefined:
      return oauthError("unsupported_grant_type", `the stand-in redeems no ${JSON.stringify(String(request.grant_type).slice(0, 100))} grant`);
    default:
      return unreachable(record, "token request record");
  }
}

export function tokenHandler(ctx: ServeContext): Handler {
  const check = ctx.validator.createRequestCheck("post_oauth_token", { maxBodyBytes: ctx.config.maxBodyBytes, domain: ctx.config.domain });
  return async (ex) => {
    const body = await ex.body();
    const result = check({ method: ex.req.method ?? "", headers: ex.req.headers, rawBody: body.bytes });
    const proven = result.ok ? provenClient(ctx, credentialsOf(ex, result.value)) : null;
    if (!countRequest(ctx, ex, proven).allowed) return sendOAuthError(ex, ctx.validator, "post_oauth_token", oauthError("too_many_requests", "try again when the window resets"));
    if (!result.ok) return ex.error({ ...result.response, headers: { ...result.response.headers, ...ex.rateHeaders } });
    const conflict = conflictingAuthentication(ex, result.value);
    if (conflict !== null) return sendOAuthError(ex, ctx.validator, "post_oauth_token", conflict);
    const answer = await grant(ctx, ex, result.value);
    if (isOAuthError(answer)) return sendOAuthError(ex, ctx.validator, "post_oauth_token", answer);
    await ex.json(200, answer, { "cache-control": "no-store", pragma: "no-cache" });
  };
}
