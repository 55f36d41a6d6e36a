/**
 * The authorization server over real HTTP: the client-credentials grant for management tokens, the
 * authorization code with PKCE, and native passkeys, with the self-service rules the spec states
 * (audience, one domain, client credentials refused, access policies) enforced through the validator.
 */
import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServe } from "../../generator/src/stand-in/server.ts";
import { ADMIN, APP, call, form, MANAGEMENT_AUDIENCE, SELF_SERVICE_AUDIENCE, startStandIn, type Reply } from "./support/stand-in.ts";

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const REDIRECT = "http://localhost:5173/callback";

function verifierAndChallenge(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function expectOAuthError(r: Reply, status: number, error: string): void {
  expect({ status: r.status, error: r.body.error }).toEqual({ status, error });
  expect(typeof r.body.error_description).toBe("string");
}

describe("flowspec serve: authorization server", () => {
  let serve: RunningServe;

  beforeAll(async () => {
    serve = await startStandIn();
  });
  afterAll(() => serve?.close());

  const token = (body: string, type = FORM, headers: Record<string, string> = {}) => call(serve.url, "POST", "/oauth/token", { type, body, headers });
  const clientCredentials = (fields: Record<string, string>) => token(form({ grant_type: "client_credentials", audience: MANAGEMENT_AUDIENCE, ...fields }));

  describe("client credentials", () => {
    it("issues an RS256 token with azp, client_id, scope, aud, iss and exp, verifiable with the JWKS", async () => {
      const r = await clientCredentials({ client_id: ADMIN.id, client_secret: ADMIN.secret });
      expect(r).toMatchObject({ status: 200, body: { token_type: "Bearer", scope: "create:flows update:resource_servers" } });
      const claims = decodeJwt(r.body.access_token as string);
      expect(claims).toMatchObject({ azp: ADMIN.id, client_id: ADMIN.id, scope: "create:flows update:resource_servers", aud: MANAGEMENT_AUDIENCE, iss: "https://flowspec.local/" });
      expect(claims.exp! - claims.iat!).toBe(86_400);
      const jwks = await call(serve.url, "GET", "/.well-known/jwks.json");
      expect(jwks.body.keys).toMatchObject([{ kty: "RSA", alg: "RS256", use: "sig" }]);
      expect(jwks.body.keys).not.toMatchObject([{ d: expect.anything() }]);
    });

    it("grants the subset `scope` asks for, and refuses a scope the client is not allowed", async () => {
      const subset = await clientCredentials({ client_id: ADMIN.id, client_secret: ADMIN.secret, scope: "create:flows" });
      expect(decodeJwt(subset.body.access_token as string).scope).toBe("create:flows");
      expectOAuthError(await clientCredentials({ client_id: APP.id, client_secret: APP.secret, scope: "update:resource_servers" }), 403, "access_denied");
    });

    it("grants each scope once when `scope` repeats it (the validator's own scope parser)", async () => {
      const repeated = await clientCredentials({ client_id: ADMIN.id, client_secret: ADMIN.secret, scope: "create:flows  create:flows" });
      expect(decodeJwt(repeated.body.access_token as string).scope).toBe("create:flows");
    });

    it("takes JSON and HTTP Basic too, and refuses an unknown client or a wrong secret with 401", async () => {
      const json = await token(JSON.stringify({ grant_type: "client_credentials", client_id: ADMIN.id, client_secret: ADMIN.secret, audience: MANAGEMENT_AUDIENCE }), JSON_TYPE);
      expect(json.status).toBe(200);
      const basic = `Basic ${Buffer.from(`${ADMIN.id}:${ADMIN.secret}`).toString("base64")}`;
      expect((await token(form({ grant_type: "client_credentials", audience: MANAGEMENT_AUDIENCE }), FORM, { authorization: basic })).status).toBe(200);
      expectOAuthError(await clientCredentials({ client_id: ADMIN.id, client_secret: "wrong" }), 401, "invalid_client");
      expectOAuthError(await clientCredentials({ client_id: "nobody", client_secret: "x" }), 401, "invalid_client");
      expectOAuthError(await clientCredentials({ client_id: ADMIN.id }), 401, "invalid_client");
    });

    it("refuses the self-service audience (rule 7) and an unknown API", async () => {
      const r = await clientCredentials({ client_id: APP.id, client_secret: APP.secret, audience: SELF_SERVICE_AUDIENCE });
      expectOAuthError(r, 403, "unauthorized_client");
      expect(r.body.error_description).toContain("no_client_credentials");
      expectOAuthError(await clientCredentials({ client_id: ADMIN.id, client_secret: ADMIN.secret, audience: "https://elsewhere.example/" }), 403, "access_denied");
    });

    it("answers a malformed request with 400 and the issues, and other content types with 415", async () => {
      const r = await token(form({ grant_type: "client_credentials", client_id: ADMIN.id, client_secret: ADMIN.secret, extra: "x" }));
      expectOAuthError(r, 400, "invalid_request");
      // audience is optional in the spec's ClientCredentialsTokenRequest (the vendor's definition): only the extra field is wrong.
      expect((r.body.issues as { code: string; path: string }[]).map((i) => [i.code, i.path])).toEqual([["unknown_property", "/extra"]]);
      expectOAuthError(await token("grant_type=client_credentials", "text/plain"), 415, "unsupported_media_type");
      expectOAuthError(await token(form({ grant_type: "refresh_token", client_id: APP.id, refresh_token: "x" })), 400, "unsupported_grant_type");
    });
  });

  describe("authorization code with PKCE", () => {
    async function authorize(params: Record<string, string>): Promise<Reply> {
      return call(serve.url, "GET", `/authorize?${new URLSearchParams({ response_type: "code", client_id: APP.id, redirect_uri: REDIRECT, ...params })}`);
    }

    function redirected(r: Reply): URL {
      expect(r.status).toBe(302);
      return new URL(r.headers.get("location")!);
    }

    it("redirects with a code, exchanged once for a self-service token with the scopes the client grant allows", async () => {
      const { verifier, challenge } = verifierAndChallenge();
      const back = redirected(await authorize({ audience: SELF_SERVICE_AUDIENCE, scope: "openid create:me:authentication_methods update:me:profile", code_challenge: challenge, code_challenge_method: "S256", state: "s1" }));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get("state")).toBe("s1");
      const code = back.searchParams.get("code")!;
      const exchange = () => token(form({ grant_type: "authorization_code", client_id: APP.id, code, redirect_uri: REDIRECT, code_verifier: verifier }));
      const r = await exchange();
      expect(r.status).toBe(200);
      // update:me:profile is not in the client grant (require_client_grant): withheld, not refused.
      expect(r.body.scope).toBe("openid create:me:authentication_methods");
      expect(decodeJwt(r.body.access_token as string)).toMatchObject({ aud: SELF_SERVICE_AUDIENCE, azp: APP.id });
      expect(decodeJwt(r.body.id_token as string)).toMatchObject({ aud: APP.id, iss: "https://flowspec.local/" });
      expectOAuthError(await exchange(), 400, "invalid_grant");
    });

    it("sends no state back when none was sent", async () => {
      expect(redirected(await authorize({ audience: SELF_SERVICE_AUDIENCE, scope: "read:me:authentication_methods" })).searchParams.has("state")).toBe(false);
    });

    it("refuses a wrong verifier, and a missing secret without PKCE", async () => {
      const { challenge } = verifierAndChallenge();
      const code = redirected(await authorize({ code_challenge: challenge, code_challenge_method: "S256" })).searchParams.get("code")!;
      expectOAuthError(await token(form({ grant_type: "authorization_code", client_id: APP.id, code, redirect_uri: REDIRECT, code_verifier: verifierAndChallenge().verifier })), 400, "invalid_grant");
      const plain = redirected(await authorize({})).searchParams.get("code")!;
      expectOAuthError(await token(form({ grant_type: "authorization_code", client_id: APP.id, code: plain, redirect_uri: REDIRECT })), 401, "invalid_client");
    });

    it("never redirects to an unregistered URI, and refuses an audience on another domain (rule 12)", async () => {
      const r = await authorize({ redirect_uri: "https://evil.example/callback" });
      expectOAuthError(r, 400, "invalid_request");
      expect(r.headers.get("location")).toBeNull();
      const other = await authorize({ audience: "https://other.example.com/me/", scope: "read:me:authentication_methods" });
      expectOAuthError(other, 400, "invalid_request");
      expect(other.body.issues).toMatchObject([{ code: "not_allowed", path: "/audience" }]);
    });

    it("sends a scope of the wrong form back as invalid_scope (rule 6)", async () => {
      const back = redirected(await authorize({ audience: SELF_SERVICE_AUDIENCE, scope: "create:flows" }));
      expect(back.searchParams.get("error")).toBe("invalid_scope");
    });
  });

  describe("native passkeys", () => {
    async function challenge(body: Record<string, unknown>): Promise<Reply> {
      return call(serve.url, "POST", "/passkey/challenge", { type: JSON_TYPE, body: JSON.stringify(body) });
    }

    function assertion(answered: string) {
      const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: answered, origin: "https://flowspec.local" })).toString("base64url");
      return { id: "cred", rawId: "cred", type: "public-key", response: { clientDataJSON, authenticatorData: "AAAA", signature: "AAAA", userHandle: Buffer.from("user|42").toString("base64url") } };
    }

    const webauthn = (auth_session: string, answered: string, extra: Record<string, unknown> = {}) =>
      token(JSON.stringify({ grant_type: "urn:okta:params:oauth:grant-type:webauthn", client_id: APP.id, client_secret: APP.secret, auth_session, authn_response: assertion(answered), ...extra }), JSON_TYPE);

    it("issues a challenge and redeems its session once, for the assertion that answers it", async () => {
      const c = await challenge({ client_id: APP.id, client_secret: APP.secret, realm: "Username-Password-Authentication" });
      expect(c.status).toBe(200);
      const session = c.body.auth_session as string;
      const answered = (c.body.authn_params_public_key as { challenge: string }).challenge;
      const r = await webauthn(session, answered, { audience: SELF_SERVICE_AUDIENCE, scope: "read:me:authentication_methods", realm: "Username-Password-Authentication" });
      expect(r.status).toBe(200);
      expect(decodeJwt(r.body.access_token as string)).toMatchObject({ sub: "user|42", aud: SELF_SERVICE_AUDIENCE, scope: "read:me:authentication_methods" });
      expectOAuthError(await webauthn(session, answered), 400, "invalid_grant");
    });

    it("refuses an assertion for another challenge, and a challenge request the record rejects", async () => {
      const c = await challenge({ client_id: APP.id });
      expectOAuthError(await webauthn(c.body.auth_session as string, "another-challenge"), 400, "invalid_grant");
      const bad = await challenge({ client_id: APP.id, user: "x" });
      expectOAuthError(bad, 400, "invalid_request");
      expect(bad.body.issues).toMatchObject([{ code: "unknown_property", path: "/user" }]);
    });

    it("applies the user-flow access policy: deny_all refuses every self-service scope", async () => {
      const denying = await startStandIn({ config: { userFlowPolicy: "deny_all" } });
      try {
        const c = await call(denying.url, "POST", "/passkey/challenge", { type: JSON_TYPE, body: JSON.stringify({ client_id: APP.id }) });
        const answered = (c.body.authn_params_public_key as { challenge: string }).challenge;
        const body = { grant_type: "urn:okta:params:oauth:grant-type:webauthn", client_id: APP.id, auth_session: c.body.auth_session, authn_response: assertion(answered), audience: SELF_SERVICE_AUDIENCE, scope: "read:me:authentication_methods" };
        const r = await call(denying.url, "POST", "/oauth/token", { type: JSON_TYPE, body: JSON.stringify(body) });
        expectOAuthError(r, 403, "access_denied");
        expect(r.body.error_description).toContain("deny_all");
      } finally {
        await denying.close();
      }
    });
  });
});
