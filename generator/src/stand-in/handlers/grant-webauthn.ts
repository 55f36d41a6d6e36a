/**
 * The WebAuthn grant (native passkeys, second step): the `auth_session` of a passkey challenge is
 * redeemed once, by its client, with an assertion whose client data answers that challenge. The
 * stand-in has no registered credentials, so it does not verify the assertion's signature; it
 * checks what a client can get wrong: the session, the challenge, the realm, the audience and scopes.
 */
import type { WebAuthnTokenRequest } from "@flowspec/validator";
import { allowsGrant, authenticateClient, type ClientCredentials } from "../client-auth.js";
import type { ServeContext } from "../context.js";
import { oauthError, type OAuthError } from "../oauth-errors.js";
import { tokenResponse, type TokenResponseBody } from "../token-response.js";
import { userGrant } from "../user-scopes.js";

/** The challenge the assertion answers (WebAuthn §5.8.1 CollectedClientData), or why it cannot be read. */
function answeredChallenge(clientDataJSON: string): string | OAuthError {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { type?: unknown; challenge?: unknown };
    if (data.type !== "webauthn.get") return oauthError("invalid_grant", 'the assertion\'s client data is not of type "webauthn.get"');
    if (typeof data.challenge !== "string") return oauthError("invalid_grant", "the assertion's client data has no challenge");
    return data.challenge;
  } catch {
    return oauthError("invalid_grant", "authn_response.response.clientDataJSON is not base64url-encoded JSON");
  }
}

/** The user, from the assertion's user handle when it has one. */
function subjectOf(userHandle: unknown): string {
  return typeof userHandle === "string" && userHandle.length > 0 ? Buffer.from(userHandle, "base64url").toString("utf8") || "flowspec|passkey-user" : "flowspec|passkey-user";
}

export async function webAuthnGrant(ctx: ServeContext, request: WebAuthnTokenRequest, credentials: ClientCredentials): Promise<TokenResponseBody | OAuthError> {
  const auth = authenticateClient(ctx, credentials, false);
  if ("error" in auth) return auth;
  const { client } = auth;
  if (!allowsGrant(client, request.grant_type)) return oauthError("unauthorized_client", `client "${client.id}" may not use the ${request.grant_type} grant`);
  const session = ctx.passkeySessions.take(request.auth_session);
  if (session === undefined) return oauthError("invalid_grant", "auth_session is unknown, already used or expired");
  if (session.clientId !== client.id) return oauthError("invalid_grant", "auth_session was issued to another client");
  if (session.realm !== undefined && request.realm !== undefined && session.realm !== request.realm) return oauthError("invalid_grant", "realm is not the one the challenge was for");
  const challenge = answeredChallenge(request.authn_response.response.clientDataJSON);
  if (typeof challenge !== "string") return challenge;
  if (challenge !== session.challenge) return oauthError("invalid_grant", "the assertion answers another challenge than this auth_session's");
  const grant = userGrant(ctx, client, request.audience, request.scope);
  if ("error" in grant) return grant;
  return tokenResponse(ctx, { client, grant, subject: subjectOf(request.authn_response.response.userHandle), grantType: "passkey", userFlow: true });
}
