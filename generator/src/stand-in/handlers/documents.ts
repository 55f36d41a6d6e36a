/**
 * The documents clients fetch before they call: the OpenID Connect discovery document (the vendor's
 * auth SDK reads it first, and insists that `issuer` is exactly `https://{domain}/`), the JWKS that
 * verifies the stand-in's tokens, and the spec's OpenAPI document with the stand-in as its server.
 */
import type { Handler, ServeContext } from "../context.js";
import { SIGNING_ALGORITHM } from "../signing-key.js";

const DISCOVERY_PATH = "/.well-known/openid-configuration";
const JWKS_PATH = "/.well-known/jwks.json";
const OPENAPI_PATH = "/openapi.json";

function discoveryDocument(ctx: ServeContext): Record<string, unknown> {
  const issuer = ctx.tokens.issuer;
  const at = (path: string) => new URL(path, issuer).href;
  // The spec's paths of the two operations, as the router serves them.
  const [authorize, token] = [ctx.facts.paths.get("get_authorize"), ctx.facts.paths.get("post_oauth_token")];
  return {
    issuer,
    ...(authorize !== undefined && { authorization_endpoint: at(authorize) }),
    ...(token !== undefined && { token_endpoint: at(token) }),
    jwks_uri: at(JWKS_PATH),
    response_types_supported: [...ctx.facts.responseTypes],
    grant_types_supported: [...ctx.facts.grantTypes],
    code_challenge_methods_supported: [...ctx.facts.pkceMethods],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic", "none"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: [SIGNING_ALGORITHM],
  };
}

/** A GET document, counted against the caller's address. */
function documentHandler(ctx: ServeContext, body: () => unknown): Handler {
  return async (ex) => {
    if (!ex.limit(ctx.anonymousLimiter, `address:${ex.remote}`).allowed) return ex.problem(429, "too_many_requests", "Too many requests");
    await ex.json(200, body());
  };
}

export function documentHandlers(ctx: ServeContext): Record<string, Handler> {
  const discovery = discoveryDocument(ctx);
  return {
    [DISCOVERY_PATH]: documentHandler(ctx, () => discovery),
    [JWKS_PATH]: documentHandler(ctx, () => ctx.tokens.jwks()),
    // The stand-in as the one server, so Swagger UI's "Try it out" calls it.
    [OPENAPI_PATH]: documentHandler(ctx, () => ({ ...ctx.openApi, servers: [{ url: ctx.baseUrl(), description: "flowspec serve" }] })),
  };
}
