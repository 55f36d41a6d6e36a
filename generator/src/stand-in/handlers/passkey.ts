/**
 * POST /passkey/challenge (native passkeys, first step): the served validator's request check reads
 * and judges the body; the answer is an `auth_session` for the WebAuthn grant and the public-key
 * request options (`authn_params_public_key`) a platform authenticator signs, to a client that may
 * use the served spec's WebAuthn grant (the `grant_type` of its WebAuthnTokenRequest). Refusals are
 * rows of the spec's error table.
 */
import { allowsGrant, authenticateClient, conflictingAuthentication, credentialsOf, provenClient } from "../client-auth.js";
import type { Handler, ServeContext } from "../context.js";
import { oauthError, sendOAuthError } from "../oauth-errors.js";
import { newSecret } from "../state.js";
import { countRequest } from "./token.js";

/** How long a challenge (and its auth_session) may be answered, in milliseconds (WebAuthn recommends 5–10 minutes). */
export const PASSKEY_TIMEOUT_MS = 300_000;

export function passkeyChallengeHandler(ctx: ServeContext): Handler {
  const check = ctx.validator.createRequestCheck("post_passkey_challenge", { maxBodyBytes: ctx.config.maxBodyBytes });
  const send = (ex: Parameters<Handler>[0], e: ReturnType<typeof oauthError>) => sendOAuthError(ex, ctx.validator, "post_passkey_challenge", e);
  return async (ex) => {
    const body = await ex.body();
    const result = check({ method: ex.req.method ?? "", headers: ex.req.headers, rawBody: body.bytes });
    const credentials = credentialsOf(ex, result.ok ? result.value : {});
    if (!countRequest(ctx, ex, result.ok ? provenClient(ctx, credentials) : null).allowed) return send(ex, oauthError("too_many_requests", "try again when the window resets"));
    if (!result.ok) return ex.error({ ...result.response, headers: { ...result.response.headers, ...ex.rateHeaders } });
    const conflict = conflictingAuthentication(ex, result.value);
    if (conflict !== null) return send(ex, conflict);
    const auth = authenticateClient(ctx, credentials, false);
    if ("error" in auth) return send(ex, auth);
    const webAuthn = ctx.facts.grantOf.WebAuthnTokenRequest;
    if (webAuthn === undefined || !allowsGrant(auth.client, webAuthn)) {
      return send(ex, oauthError("unauthorized_client", `client "${auth.client.id}" may not use passkeys (${webAuthn === undefined ? "the spec has no WebAuthn grant" : `the ${webAuthn} grant`})`));
    }
    const challenge = newSecret();
    const realm = result.value.realm;
    const auth_session = ctx.passkeySessions.put({ clientId: auth.client.id, challenge, ...(realm !== undefined && { realm }) });
    await ex.json(200, {
      auth_session,
      authn_params_public_key: { challenge, timeout: PASSKEY_TIMEOUT_MS, rpId: ctx.config.domain.replace(/:\d+$/, ""), userVerification: "preferred" },
    }, { "cache-control": "no-store" });
  };
}
