/**
 * POST /oauth/token. The served validator's request check reads the body (a form or JSON, as the
 * spec's operation takes it) and judges it against TokenRequest, with the stand-in's domain (rule
 * 12): a grant the spec does not describe is `unsupported_grant_type`, the client-credentials grant
 * for the self-service audience is refused by rule 7's row. Then each grant's own module redeems
 * what the request names, and every refusal is a row of the spec's error table.
 */
import type { TokenRequest } from "@flowspec/validator";
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

/**
 * Counts an authorization-server request: under the client it proved to be (a known client and its
 * secret) in the token count, else under its address with every caller that has not authenticated,
 * so naming a client (or guessing its secret) never spends that client's count.
 */
export function countRequest(ctx: ServeContext, ex: Exchange, provenClientId: string | null): RateLimitDecision {
  return provenClientId !== null ? ex.limit(ctx.tokenLimiter, `client:${provenClientId}`) : ex.limit(ctx.anonymousLimiter, `address:${ex.remote}`);
}

async function grant(ctx: ServeContext, ex: Exchange, request: TokenRequest): Promise<TokenResponseBody | OAuthError> {
  const credentials = credentialsOf(ex, request);
  switch (request.grant_type) {
    case "authorization_code":
      return authorizationCodeGrant(ctx, request, credentials);
    case "client_credentials":
      return clientCredentialsGrant(ctx, request, credentials);
    case "password":
      return passwordGrant(ctx, request, credentials);
    case "urn:okta:params:oauth:grant-type:webauthn":
      return webAuthnGrant(ctx, request, credentials);
    default: {
      const never: never = request;
      return oauthError("unsupported_grant_type", `no handler for ${JSON.stringify((never as { grant_type?: unknown }).grant_type)}`);
    }
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
