/**
 * GET /authorize: the query is checked by the served validator's request check (with the
 * stand-in's domain, rule 12; a parameter given twice is refused, RFC 6749 §3.1); the client and its redirect URI are checked before anything is sent there (RFC 6749
 * §4.1.2.1: a bad redirect URI is never followed); then the user-flow rules decide the scopes and
 * the browser is sent back with a one-use code, and `state` only when the request sent one.
 */
import { allowsGrant } from "../client-auth.js";
import type { Handler, ServeContext } from "../context.js";
import type { Exchange } from "../exchange.js";
import { oauthError, sendOAuthError } from "../oauth-errors.js";
import type { ClientConfig } from "../config.js";
import { userGrant } from "../user-scopes.js";
import { countRequest } from "./token.js";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An exact match, or a loopback URI that differs only by port (RFC 8252 §7.3). */
function redirectAllowed(client: ClientConfig, uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const asked = new URL(uri);
  // RFC 6749 §3.1.2: no fragment; and no user info, which would change whom the code is sent to.
  if (uri.includes("#") || asked.username !== "" || asked.password !== "" || uri.includes("@")) return false;
  if (client.redirectUris.includes(uri)) return true;
  if (asked.protocol !== "http:" || !LOOPBACK_HOSTS.has(asked.hostname)) return false;
  return client.redirectUris.some((registered) => {
    const r = new URL(registered);
    return r.protocol === "http:" && r.hostname === asked.hostname && r.pathname === asked.pathname && r.search === asked.search;
  });
}

function back(ex: Exchange, redirectUri: string, params: Record<string, string>, state: string | undefined): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  if (state !== undefined) target.searchParams.set("state", state);
  ex.redirect(target.href);
}

export function authorizeHandler(ctx: ServeContext): Handler {
  const check = ctx.validator.createRequestCheck("get_authorize", { domain: ctx.config.domain });
  const send = (ex: Parameters<Handler>[0], e: ReturnType<typeof oauthError>) => sendOAuthError(ex, ctx.validator, "get_authorize", e);
  return async (ex) => {
    const checked = check({ method: ex.req.method ?? "", headers: ex.req.headers, query: ex.url.searchParams });
    // /authorize names a client but proves nothing: it is counted by address.
    if (!countRequest(ctx, ex, null).allowed) return send(ex, oauthError("too_many_requests", "try again when the window resets"));
    if (!checked.ok) return ex.error({ ...checked.response, headers: { ...checked.response.headers, ...ex.rateHeaders } });
    const request = checked.value;
    const query: Readonly<Record<string, string | undefined>> = request;
    const client = ctx.clients.get(request.client_id);
    if (client === undefined) return send(ex, oauthError("invalid_request", `unknown client "${request.client_id.slice(0, 100)}"`));
    if (!redirectAllowed(client, request.redirect_uri)) {
      return send(ex, oauthError("invalid_request", `redirect_uri is not registered for client "${client.id}"; registered: ${client.redirectUris.join(", ") || "none"}`));
    }
    const state = request.state;
    // The code is redeemed by the spec's authorization-code grant: a client that may not use it gets none.
    const codeGrant = ctx.facts.grantOf.AuthorizationCodeTokenRequest;
    if (codeGrant === undefined || !allowsGrant(client, codeGrant)) {
      return back(ex, request.redirect_uri, { error: "unauthorized_client", error_description: `client "${client.id}" may not use the ${codeGrant ?? "authorization code"} grant` }, state);
    }
    const grant = userGrant(ctx, client, request.audience, request.scope);
    if ("error" in grant) return back(ex, request.redirect_uri, { error: grant.error, error_description: grant.description }, state);
    const nonce = typeof query.nonce === "string" ? query.nonce : undefined;
    const code = ctx.codes.put({
      clientId: client.id,
      redirectUri: request.redirect_uri,
      audience: grant.audience,
      scopes: grant.scopes,
      ...(request.code_challenge !== undefined && { codeChallenge: request.code_challenge }),
      ...(request.code_challenge_method !== undefined && { codeChallengeMethod: request.code_challenge_method }),
      ...(nonce !== undefined && { nonce }),
    });
    back(ex, request.redirect_uri, { code }, state);
  };
}
