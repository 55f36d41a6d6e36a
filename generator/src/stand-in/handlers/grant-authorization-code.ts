/**
 * The authorization-code grant (with or without PKCE): the code /authorize issued is redeemed once,
 * by the client it was issued to, with the same redirect URI and, when the authorize request sent
 * a challenge, the verifier that matches it (the served validator's `checkPkce`). A client that used
 * no PKCE must prove its secret.
 */
import type { AuthorizationCodeTokenRequest } from "@flowspec/validator";
import { authenticateClient, type ClientCredentials } from "../client-auth.js";
import type { ServeContext } from "../context.js";
import { oauthError, type OAuthError } from "../oauth-errors.js";
import { tokenResponse, type TokenResponseBody } from "../token-response.js";

export async function authorizationCodeGrant(ctx: ServeContext, request: AuthorizationCodeTokenRequest, credentials: ClientCredentials): Promise<TokenResponseBody | OAuthError> {
  const code = ctx.codes.take(request.code);
  if (code === undefined) return oauthError("invalid_grant", "the code is unknown, already used or expired");
  const auth = authenticateClient(ctx, credentials, code.codeChallenge === undefined);
  if ("error" in auth) return auth;
  if (code.clientId !== auth.client.id) return oauthError("invalid_grant", "the code was issued to another client");
  if (code.redirectUri !== request.redirect_uri) return oauthError("invalid_grant", "redirect_uri is not the one the authorize request sent");
  if (request.audience !== undefined && request.audience.toLowerCase() !== code.audience.toLowerCase()) {
    return oauthError("invalid_grant", "audience is not the one the authorize request sent");
  }
  if (code.codeChallenge !== undefined) {
    if (request.code_verifier === undefined) return oauthError("invalid_grant", "the authorize request sent a PKCE challenge: code_verifier is required");
    const pkce = await ctx.validator.checkPkce({ verifier: request.code_verifier, challenge: code.codeChallenge, ...(code.codeChallengeMethod !== undefined && { method: code.codeChallengeMethod }) });
    if (!pkce.ok) return oauthError("invalid_grant", `PKCE: ${pkce.message}`);
  }
  return tokenResponse(ctx, {
    client: auth.client,
    grant: { audience: code.audience, scopes: code.scopes },
    subject: "flowspec|local-user",
    grantType: "authorization_code",
    userFlow: true,
    nonce: code.nonce,
  });
}
