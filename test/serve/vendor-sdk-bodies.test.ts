/**
 * The bodies the vendor's SDKs send to the authorization server, recorded on the way to the
 * stand-in: `auth0` (ManagementClient's token provider, with a secret and with a client assertion;
 * the package has no AuthenticationClient since its version 5) and `@auth0/auth0-auth-js`
 * (AuthClient: the code with PKCE, client credentials, the password grant, passkeys). Each recorded
 * body, form or JSON, is judged three ways with nothing removed from it: by the validator
 * (`decodeFormBody` then `validateTokenRequest`), by `createRequestCheck`, and by `flowspec serve`
 * over real HTTP, whose answer the SDK itself read.
 */
import { generateKeyPairSync } from "node:crypto";
import { AuthClient } from "@auth0/auth0-auth-js";
import { ManagementClient } from "auth0";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestCheck } from "../../packages/validator/dist/service.js";
import { decodeFormBody, validatePasskeyChallengeRequest, validateTokenRequest } from "../../packages/validator/dist/index.js";
import type { RunningServe } from "../../generator/src/stand-in/server.ts";
import { ADMIN, APP, localFetch, MANAGEMENT_AUDIENCE, SELF_SERVICE_AUDIENCE, startStandIn } from "./support/stand-in.ts";

const DOMAIN = "flowspec.local";
const FORM = "application/x-www-form-urlencoded";

interface Recorded {
  readonly sdk: string;
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
  readonly status: number;
}

/** A fetch that forwards to the stand-in and keeps what was sent to /oauth/token and /passkey/challenge. */
function recordingFetch(base: string, sdk: string, into: Recorded[]): typeof fetch {
  const forward = localFetch(base);
  return async (input, init) => {
    const request = new Request(input instanceof Request ? input : String(input), init);
    const path = new URL(request.url).pathname;
    const body = request.method === "POST" ? await request.clone().text() : "";
    const response = await forward(request);
    if (path === "/oauth/token" || path === "/passkey/challenge") into.push({ sdk, path, contentType: request.headers.get("content-type") ?? "", body, status: response.status });
    return response;
  };
}

function clientData(challenge: string): string {
  return Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: `https://${DOMAIN}` })).toString("base64url");
}

describe("the bodies the vendor's SDKs send, recorded and judged without a workaround", () => {
  let serve: RunningServe;
  const recorded: Recorded[] = [];

  beforeAll(async () => {
    serve = await startStandIn();
    const managementFetch = recordingFetch(serve.url, "auth0 ManagementClient", recorded);
    await new ManagementClient({ domain: DOMAIN, clientId: ADMIN.id, clientSecret: ADMIN.secret, fetch: managementFetch, maxRetries: 0, telemetry: false }).flows.create({ name: "Recorded" });
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    const withAssertion = new ManagementClient({ domain: DOMAIN, clientId: ADMIN.id, clientAssertionSigningKey: privateKey, fetch: recordingFetch(serve.url, "auth0 ManagementClient (assertion)", recorded), maxRetries: 0, telemetry: false });
    await withAssertion.flows.create({ name: "Recorded" }).catch(() => undefined);

    const auth = new AuthClient({ domain: DOMAIN, clientId: APP.id, clientSecret: APP.secret, customFetch: recordingFetch(serve.url, "auth0-auth-js AuthClient", recorded) });
    const { authorizationUrl, codeVerifier } = await auth.buildAuthorizationUrl({ authorizationParams: { redirect_uri: "http://localhost:3000/callback", audience: SELF_SERVICE_AUDIENCE, scope: "openid create:me:authentication_methods" } });
    const authorize = await localFetch(serve.url)(authorizationUrl.href, { redirect: "manual" });
    await auth.getTokenByCode(new URL(authorize.headers.get("location")!), { codeVerifier });
    await auth.getTokenByClientCredentials({ audience: MANAGEMENT_AUDIENCE });
    await auth.getTokenByPassword({ username: "jane@example.com", password: "correct horse", audience: SELF_SERVICE_AUDIENCE, scope: "read:me:authentication_methods", realm: "Username-Password-Authentication" });
    const challenge = await auth.passkey.challenge({ realm: "Username-Password-Authentication" });
    const { challenge: answered } = challenge.authnParamsPublicKey as { challenge: string };
    await auth.passkey.getTokenByPasskey({
      authSession: challenge.authSession,
      realm: "Username-Password-Authentication",
      audience: SELF_SERVICE_AUDIENCE,
      scope: "read:me:authentication_methods",
      credential: { id: "cred", rawId: "cred", type: "public-key", authenticatorAttachment: "platform", response: { clientDataJSON: clientData(answered), authenticatorData: "AAAA", signature: "AAAA" }, clientExtensionResults: {} },
    });
  }, 30_000);
  afterAll(() => serve?.close());

  const tokenBodies = () => recorded.filter((r) => r.path === "/oauth/token");

  it("records every grant the SDKs send, as forms and as JSON, client authentication included", () => {
    const grants = tokenBodies().map((r) => `${r.sdk}: ${r.contentType.split(";")[0]} ${new URLSearchParams(r.contentType.startsWith(FORM) ? r.body : "").get("grant_type") ?? (JSON.parse(r.body) as { grant_type: string }).grant_type}`);
    expect(grants).toEqual([
      `auth0 ManagementClient: ${FORM} client_credentials`,
      `auth0 ManagementClient (assertion): ${FORM} client_credentials`,
      `auth0-auth-js AuthClient: ${FORM} authorization_code`,
      `auth0-auth-js AuthClient: ${FORM} client_credentials`,
      `auth0-auth-js AuthClient: ${FORM} password`,
      "auth0-auth-js AuthClient: application/json urn:okta:params:oauth:grant-type:webauthn",
    ]);
    const fields = tokenBodies().map((r) => (r.contentType.startsWith(FORM) ? [...new URLSearchParams(r.body).keys()] : Object.keys(JSON.parse(r.body) as object)));
    expect(fields[1]).toEqual(expect.arrayContaining(["client_assertion", "client_assertion_type"]));
    expect(fields[5]).toEqual(expect.arrayContaining(["client_secret", "authn_response"]));
  });

  it("the validator accepts each body as sent", () => {
    for (const r of tokenBodies()) {
      const decoded = r.contentType.startsWith(FORM) ? decodeFormBody(r.body, { record: "TokenRequest" }) : { ok: true as const, value: JSON.parse(r.body) as unknown };
      expect(decoded.ok, r.sdk).toBe(true);
      const result = validateTokenRequest(decoded.ok ? decoded.value : null, { allErrors: true, domain: DOMAIN });
      expect(result.ok ? [] : result.issues, `${r.sdk}: ${r.body}`).toEqual([]);
    }
    const challenge = recorded.find((r) => r.path === "/passkey/challenge")!;
    expect(validatePasskeyChallengeRequest(JSON.parse(challenge.body)).ok).toBe(true);
  });

  it("createRequestCheck accepts each body as sent, with its content type", () => {
    const token = createRequestCheck("post_oauth_token", { domain: DOMAIN });
    const passkey = createRequestCheck("post_passkey_challenge");
    for (const r of recorded) {
      const check = r.path === "/oauth/token" ? token : passkey;
      const result = check({ method: "POST", headers: { "content-type": r.contentType }, rawBody: r.body });
      expect(result.ok ? null : result.response.body, `${r.sdk} ${r.path}`).toBeNull();
    }
  });

  it("flowspec serve answered each one as the spec says: tokens, and 401 for the assertion it cannot verify", () => {
    expect(recorded.map((r) => [r.sdk, r.path, r.status])).toEqual([
      ["auth0 ManagementClient", "/oauth/token", 200],
      ["auth0 ManagementClient (assertion)", "/oauth/token", 401],
      ["auth0-auth-js AuthClient", "/oauth/token", 200],
      ["auth0-auth-js AuthClient", "/oauth/token", 200],
      ["auth0-auth-js AuthClient", "/oauth/token", 200],
      ["auth0-auth-js AuthClient", "/passkey/challenge", 200],
      ["auth0-auth-js AuthClient", "/oauth/token", 200],
    ]);
  });
});
