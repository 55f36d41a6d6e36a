/**
 * POST /passkey/challenge (native passkeys, first step): the body is checked by the served
 * validator; the answer is an `auth_session` for the WebAuthn grant and the public-key request
 * options (`authn_params_public_key`) a platform authenticator signs.
 */
import { fieldsOf, JSON_TYPE, parseAuthBody } from "../auth-body.js";
import { allowsGrant, authenticateClient, conflictingAuthentication, credentialsOf, provenClient } from "../client-auth.js";
import type { Handler, ServeContext } from "../context.js";
import { invalidRequest, oauthError, sendOAuthError } from "../oauth-errors.js";
import { WEBAUTHN_GRANT } from "../serve-config.js";
import { newSecret } from "../state.js";
import { countRequest } from "./token.js";

/** How long a challenge (and its auth_session) may be answered, in milliseconds (WebAuthn recommends 5–10 minutes). */
export const PASSKEY_TIMEOUT_MS = 300_000;

export function passkeyChallengeHandler(ctx: ServeContext): Handler {
  return async (ex) => {
    const parsed = await parseAuthBody(ex, ctx.validator, [JSON_TYPE]);
    const fields = parsed.ok ? fieldsOf(parsed.value) : null;
    const credentials = credentialsOf(ex, fields ?? {});
    if (!countRequest(ctx, ex, provenClient(ctx, credentials)).allowed) return sendOAuthError(ex, oauthError(429, "too_many_requests", "Too many requests"));
    if (!parsed.ok) return sendOAuthError(ex, parsed.error);
    const conflict = conflictingAuthentication(ex, fields ?? {});
    if (conflict !== null) return sendOAuthError(ex, conflict);
    const checked = ctx.validator.validatePasskeyChallengeRequest(parsed.value, { allErrors: true });
    if (!checked.ok) return sendOAuthError(ex, invalidRequest(checked.issues));
    const auth = authenticateClient(ctx, credentials, false);
    if ("error" in auth) return sendOAuthError(ex, auth);
    if (!allowsGrant(auth.client, WEBAUTHN_GRANT)) return sendOAuthError(ex, oauthError(403, "unauthorized_client", `client "${auth.client.id}" may not use passkeys (the ${WEBAUTHN_GRANT} grant)`));
    const challenge = newSecret();
    const realm = checked.value.realm;
    const auth_session = ctx.passkeySessions.put({ clientId: auth.client.id, challenge, ...(realm !== undefined && { realm }) });
    await ex.json(200, {
      auth_session,
      authn_params_public_key: { challenge, timeout: PASSKEY_TIMEOUT_MS, rpId: ctx.config.domain.replace(/:\d+$/, ""), userVerification: "preferred" },
    }, { "cache-control": "no-store" });
  };
}
