/**
 * Who is asking the authorization server: the client named by HTTP Basic or by `client_id`, and
 * whether it proved its secret (RFC 6749 §2.3.1). A client may leave the secret out only where
 * the flow lets a public client do so (PKCE, passkeys); a wrong secret is always refused.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { ServeContext } from "./context.js";
import type { Exchange } from "./exchange.js";
import { oauthError, type OAuthError } from "./oauth-errors.js";
import type { ClientConfig } from "./config.js";

export interface ClientCredentials {
  readonly clientId: string | null;
  readonly secret: string | null;
  /** A `client_assertion` (RFC 7523): the stand-in holds no client keys, so it cannot verify one. */
  readonly assertion?: string | null;
}

function basic(header: string | undefined): ClientCredentials | null {
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header ?? "");
  if (match === null) return null;
  const text = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
  try {
    return { clientId: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** The credentials a request carries: HTTP Basic first, else `client_id`/`client_secret` in the body. */
export function credentialsOf(ex: Exchange, fields: { readonly client_id?: unknown; readonly client_secret?: unknown; readonly client_assertion?: unknown }): ClientCredentials {
  const fromHeader = basic(ex.req.headers.authorization);
  if (fromHeader !== null) return fromHeader;
  const text = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);
  return { clientId: text(fields.client_id), secret: text(fields.client_secret), assertion: text(fields.client_assertion) };
}

/**
 * RFC 6749 §2.3: a client uses one way to authenticate per request. HTTP Basic beside a body
 * `client_id` or `client_secret`, or a repeated Authorization header, is refused, not resolved.
 */
export function conflictingAuthentication(ex: Exchange, fields: { readonly client_id?: unknown; readonly client_secret?: unknown }): OAuthError | null {
  if ((ex.req.headersDistinct.authorization?.length ?? 0) > 1) return oauthError("invalid_request", "the Authorization header is given more than once");
  if (basic(ex.req.headers.authorization) === null || (fields.client_id === undefined && fields.client_secret === undefined)) return null;
  return oauthError("invalid_request", "the client authenticates twice: HTTP Basic and client_id or client_secret in the body; use one (RFC 6749 §2.3)");
}

/** The client the credentials prove (a known client and its secret), or null: the key rate limits count under. */
export function provenClient(ctx: ServeContext, credentials: ClientCredentials): string | null {
  const client = credentials.clientId === null ? undefined : ctx.clients.get(credentials.clientId);
  return client !== undefined && credentials.secret !== null && sameSecret(credentials.secret, client.secret) ? client.id : null;
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export type ClientCheck = { readonly client: ClientConfig; readonly authenticated: boolean } | OAuthError;

export function authenticateClient(ctx: ServeContext, credentials: ClientCredentials, secretRequired: boolean): ClientCheck {
  const client = credentials.clientId === null ? undefined : ctx.clients.get(credentials.clientId);
  if (client === undefined) return oauthError("invalid_client", credentials.clientId === null ? "the request names no client" : `unknown client "${credentials.clientId.slice(0, 100)}"`);
  if (credentials.secret === null && credentials.assertion != null) return oauthError("invalid_client", `client "${client.id}" sent a client_assertion; the stand-in holds no client keys and cannot verify one (use client_secret)`);
  if (credentials.secret === null) {
    return secretRequired ? oauthError("invalid_client", `client "${client.id}" must authenticate with its secret`) : { client, authenticated: false };
  }
  if (!sameSecret(credentials.secret, client.secret)) return oauthError("invalid_client", `wrong secret for client "${client.id}"`);
  return { client, authenticated: true };
}

export function allowsGrant(client: ClientConfig, grant: string): boolean {
  return (client.grantTypes as readonly string[]).includes(grant);
}
