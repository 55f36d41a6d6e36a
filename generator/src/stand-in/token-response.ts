/**
 * The body of a successful token request (RFC 6749 §5.1): the access token, and an ID token when a
 * user flow asked for `openid` (OpenID Connect Core §3.1.3.3).
 */
import type { ServeContext } from "./context.js";
import type { ClientConfig } from "./config.js";
import type { UserGrant } from "./user-scopes.js";

export interface TokenResponseBody {
  readonly access_token: string;
  readonly token_type: "Bearer";
  readonly expires_in: number;
  readonly scope: string;
  readonly id_token?: string;
}

export interface IssuedFor {
  readonly client: ClientConfig;
  readonly grant: UserGrant;
  readonly subject: string;
  /** The vendor's `gty` claim: `client-credentials`, `authorization_code`, … */
  readonly grantType: string;
  /** A user flow, which gets an ID token when it was granted `openid`. */
  readonly userFlow: boolean;
  /** The OpenID Connect nonce of the authorize request, if it sent one. */
  readonly nonce?: string | undefined;
}

export async function tokenResponse(ctx: ServeContext, issued: IssuedFor): Promise<TokenResponseBody> {
  const { client, grant, subject, grantType, userFlow, nonce } = issued;
  const access_token = await ctx.tokens.issue({ clientId: client.id, audience: grant.audience, scopes: grant.scopes, subject, grantType });
  const body: TokenResponseBody = { access_token, token_type: "Bearer", expires_in: ctx.tokens.lifetimeSeconds, scope: grant.scopes.join(" ") };
  if (!userFlow || !grant.scopes.includes("openid")) return body;
  return { ...body, id_token: await ctx.tokens.issueIdToken(client.id, subject, nonce) };
}
