/**
 * The resource owner password grant (embedded login, authentication rule 6): the stand-in has no
 * user store, so it takes any non-empty credentials for its one local user and decides the
 * audience and scopes by the same user-flow rules as the other user grants.
 */
import type { PasswordTokenRequest } from "@flowspec/validator";
import { allowsGrant, authenticateClient, type ClientCredentials } from "../client-auth.js";
import type { ServeContext } from "../context.js";
import { oauthError, type OAuthError } from "../oauth-errors.js";
import { tokenResponse, type TokenResponseBody } from "../token-response.js";
import { userGrant } from "../user-scopes.js";

export async function passwordGrant(ctx: ServeContext, request: PasswordTokenRequest, credentials: ClientCredentials): Promise<TokenResponseBody | OAuthError> {
  const auth = authenticateClient(ctx, credentials, false);
  if ("error" in auth) return auth;
  const { client } = auth;
  if (!allowsGrant(client, request.grant_type)) return oauthError("unauthorized_client", `client "${client.id}" may not use the ${request.grant_type} grant`);
  const grant = userGrant(ctx, client, request.audience, request.scope);
  if ("error" in grant) return grant;
  return tokenResponse(ctx, { client, grant, subject: `flowspec|${request.username.slice(0, 100)}`, grantType: "password", userFlow: true });
}
