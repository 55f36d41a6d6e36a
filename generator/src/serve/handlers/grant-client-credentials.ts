/**
 * The client-credentials grant, for management API tokens. The spec's TokenRequest describes only
 * the self-service grants, so this body is read here: `client_id`, `client_secret` (or HTTP
 * Basic), `audience` and an optional `scope`, a subset of what the client is allowed. The grant is
 * refused for the self-service audience (rule 7), through the served validator.
 */
import type { ValidationIssue } from "@flowspec/validator";
import { allowsGrant, authenticateClient, credentialsOf } from "../client-auth.js";
import type { ServeContext } from "../context.js";
import { invalidRequest, oauthError, type OAuthError } from "../oauth-errors.js";
import { tokenResponse, type TokenResponseBody } from "../token-response.js";
import { scopeList } from "../user-scopes.js";

const FIELDS = ["grant_type", "client_id", "client_secret", "audience", "scope"];

function issues(fields: Readonly<Record<string, unknown>>): ValidationIssue[] {
  const found: ValidationIssue[] = [];
  for (const name of Object.keys(fields)) {
    if (!FIELDS.includes(name)) found.push({ code: "unknown_property", path: `/${name}`, message: `unknown property "${name}" for the client_credentials grant` });
    else if (typeof fields[name] !== "string") found.push({ code: "invalid_type", path: `/${name}`, message: "must be a string", params: { type: "string" } });
  }
  if (fields.audience === undefined) found.push({ code: "required", path: "/audience", message: "the audience of the API the token is for is required", params: { missingProperty: "audience" } });
  return found;
}

export async function clientCredentialsGrant(ctx: ServeContext, fields: Readonly<Record<string, unknown>>, credentials: ReturnType<typeof credentialsOf>): Promise<TokenResponseBody | OAuthError> {
  const found = issues(fields);
  if (found.length > 0) return invalidRequest(found);
  const audience = fields.audience as string;
  const rule = ctx.validator.checkTokenGrant("client_credentials", audience);
  if (!rule.ok) return oauthError(403, "unauthorized_client", `${rule.message} (authentication rule ${rule.rule})`);
  const auth = authenticateClient(ctx, credentials, true);
  if ("error" in auth) return auth;
  const { client } = auth;
  if (!allowsGrant(client, "client_credentials")) return oauthError(403, "unauthorized_client", `client "${client.id}" may not use the client_credentials grant`);
  // Scheme and host are case-insensitive (RFC 3986 §6.2.2.1); the path is not: /API/V2/ is another API.
  if (!sameAudience(audience, ctx.audiences.management)) return oauthError(403, "access_denied", `Service not found: ${audience.slice(0, 200)}`);
  const requested = fields.scope === undefined ? client.scopes : scopeList(fields.scope);
  const refused = requested.filter((s) => !client.scopes.includes(s));
  if (refused.length > 0) return oauthError(403, "access_denied", `Client has not been granted scopes: ${refused.join(", ").slice(0, 300)}`);
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
