/**
 * The client-credentials grant, for management API tokens (authentication rule 1): the body is the
 * spec's ClientCredentialsTokenRequest, already checked (rule 7, which refuses it for the
 * self-service audience, is the request check's). The client proves its secret; `audience` names
 * the management API; `scope` asks for a subset of what the client is allowed.
 */
import type { ClientCredentialsTokenRequest } from "@flowspec/validator";
import { allowsGrant, authenticateClient, type ClientCredentials } from "../client-auth.js";
import type { ServeContext } from "../context.js";
import { oauthError, type OAuthError } from "../oauth-errors.js";
import { tokenResponse, type TokenResponseBody } from "../token-response.js";
import { scopeList } from "../../../runtime/validator/service/claims.js";

export async function clientCredentialsGrant(ctx: ServeContext, request: ClientCredentialsTokenRequest, credentials: ClientCredentials): Promise<TokenResponseBody | OAuthError> {
  const auth = authenticateClient(ctx, credentials, true);
  if ("error" in auth) return auth;
  const { client } = auth;
  if (!allowsGrant(client, request.grant_type)) return oauthError("unauthorized_client", `client "${client.id}" may not use the ${request.grant_type} grant`);
  // The vendor's SDKs always send the audience; the stand-in issues only management tokens this way.
  const audience = request.audience ?? ctx.audiences.management;
  // Scheme and host are case-insensitive (RFC 3986 §6.2.2.1); the path is not: /API/V2/ is another API.
  if (!sameAudience(audience, ctx.audiences.management)) return oauthError("access_denied", `Service not found: ${audience.slice(0, 200)}`);
  const requested = request.scope === undefined ? client.scopes : scopeList(request.scope);
  const refused = requested.filter((s) => !client.scopes.includes(s));
  if (refused.length > 0) return oauthError("access_denied", `Client has not been granted scopes: ${refused.join(", ").slice(0, 300)}`);
  return tokenResponse(ctx, {
    client,
    grant: { audience: ctx.audiences.management, scopes: requested },
    subject: `${client.id}@clients`,
    grantType: "client-credentials",
    userFlow: false,
  });
}

/** The same URL up to the case of its scheme and host. */
function sameAudience(given: string, expected: string): boolean {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
  const head = origin.exec(given)?.[0];
  return head !== undefined && head.toLowerCase() === origin.exec(expected)?.[0]?.toLowerCase() && given.slice(head.length) === expected.slice(head.length);
}
