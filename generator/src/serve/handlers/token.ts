/**
 * POST /oauth/token. The spec's TokenRequest (the code and WebAuthn grants) is checked by the served
 * validator, with the stand-in's domain so an audience for another domain's self-service API is
 * refused (rule 12); the client-credentials grant, which the management API needs and the spec does
 * not describe as a record, is read by its own module. The spec's operation takes JSON; the SDKs
 * send the client-credentials and code grants form-encoded (RFC 6749 §4.1.3), so both are taken.
 */
import type { TokenRequest } from "@flowspec/validator";
import { fieldsOf, FORM_TYPE, JSON_TYPE, parseAuthBody } from "../auth-body.js";
import { conflictingAuthentication, credentialsOf, provenClient } from "../client-auth.js";
import type { RateLimitDecision } from "../rate-limiter.js";
import type { Handler, ServeContext } from "../context.js";
import type { Exchange } from "../exchange.js";
import { invalidRequest, isOAuthError, oauthError, sendOAuthError, type OAuthError } from "../oauth-errors.js";
import { GRANT_TYPES } from "../serve-config.js";
import type { TokenResponseBody } from "../token-response.js";
import { authorizationCodeGrant } from "./grant-authorization-code.js";
import { clientCredentialsGrant } from "./grant-client-credentials.js";
import { webAuthnGrant } from "./grant-webauthn.js";

/**
 * Counts an authorization-server request: under the client it proved to be (a known client and its
 * secret) in the token count, else under its address with every caller that has not authenticated,
 * so naming a client (or guessing its secret) never spends that client's count.
 */
export function countRequest(ctx: ServeContext, ex: Exchange, provenClientId: string | null): RateLimitDecision {
  return provenClientId !== null ? ex.limit(ctx.tokenLimiter, `client:${provenClientId}`) : ex.limit(ctx.anonymousLimiter, `address:${ex.remote}`);
}

async function grant(ctx: ServeContext, ex: Exchange, fields: Readonly<Record<string, unknown>>): Promise<TokenResponseBody | OAuthError> {
  const credentials = credentialsOf(ex, fields);
  if (fields.grant_type === "client_credentials") return clientCredentialsGrant(ctx, fields, credentials);
  // Client authentication is not part of a grant's own fields (RFC 6749 §2.3.1): the records
  // differ on whether they list client_secret, so it is checked apart and left out of the body.
  const { client_secret: _secret, ...body } = fields;
  const checked = ctx.validator.validateTokenRequest(body, { allErrors: true, domain: ctx.config.domain });
  if (!checked.ok) {
    const grantIssue = checked.issues.find((i) => i.path === "/grant_type");
    if (grantIssue !== undefined && typeof fields.grant_type === "string") {
      return oauthError(400, "unsupported_grant_type", `${grantIssue.message}; the stand-in also takes: ${GRANT_TYPES.join(", ")}`, checked.issues);
    }
    return invalidRequest(checked.issues);
  }
  const request: TokenRequest = checked.value;
  return request.grant_type === "authorization_code" ? authorizationCodeGrant(ctx, request, credentials) : webAuthnGrant(ctx, request, credentials);
}

export function tokenHandler(ctx: ServeContext): Handler {
  return async (ex) => {
    const parsed = await parseAuthBody(ex, ctx.validator, [JSON_TYPE, FORM_TYPE]);
    const fields = parsed.ok ? fieldsOf(parsed.value) : null;
    const decision = countRequest(ctx, ex, fields === null ? null : provenClient(ctx, credentialsOf(ex, fields)));
    if (!decision.allowed) return sendOAuthError(ex, oauthError(429, "too_many_requests", "Too many requests"));
    if (!parsed.ok) return sendOAuthError(ex, parsed.error);
    if (fields === null) return sendOAuthError(ex, invalidRequest([{ code: "invalid_type", path: "", message: "must be an object", params: { type: "object" } }]));
    const conflict = conflictingAuthentication(ex, fields);
    if (conflict !== null) return sendOAuthError(ex, conflict);
    const result = await grant(ctx, ex, fields);
    if (isOAuthError(result)) return sendOAuthError(ex, result);
    await ex.json(200, result, { "cache-control": "no-store", pragma: "no-cache" });
  };
}
