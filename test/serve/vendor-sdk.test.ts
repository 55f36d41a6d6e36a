/**
 * The stand-in driven by clients no one here wrote: the vendor's Node SDK (`auth0`, ManagementClient
 * with the client-credentials grant) and its authentication SDK (`@auth0/auth0-auth-js`: OpenID
 * discovery, the authorization code with PKCE, native passkeys). Neither takes a base URL, only a
 * domain, so each gets a fetch that sends `https://flowspec.local/…` to the stand-in.
 */
import { AuthClient } from "@auth0/auth0-auth-js";
import { Management, ManagementClient, ManagementError } from "auth0";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServe } from "../../generator/src/stand-in/server.ts";
import { ADMIN, APP, localFetch, SELF_SERVICE_AUDIENCE, startStandIn } from "./support/stand-in.ts";

const DOMAIN = "flowspec.local";

describe("flowspec serve: the vendor's SDKs", () => {
  let serve: RunningServe;

  beforeAll(async () => {
    serve = await startStandIn();
  });
  afterAll(() => serve?.close());

  function management(client: { readonly id: string; readonly secret: string }): ManagementClient {
    return new ManagementClient({ domain: DOMAIN, clientId: client.id, clientSecret: client.secret, fetch: localFetch(serve.url), maxRetries: 0, telemetry: false });
  }

  it("ManagementClient: gets a token, creates a flow and replaces an API's permissions", async () => {
    const mgmt = management(ADMIN);
    const flow = await mgmt.flows.create({ name: "From the SDK", actions: [{ id: "check", type: "EMAIL", action: "VERIFY_EMAIL", params: { email: "{{fields.email}}" } }] });
    expect(flow.id).toMatch(/^af_/);
    expect(flow.name).toBe("From the SDK");
    const scopes = [{ value: "read:reports", description: "Read reports" }];
    const updated = await mgmt.resourceServers.update("api_sdk", { scopes });
    expect(updated.scopes).toEqual(scopes);
  });

  it("ManagementClient: a bad body is a BadRequestError whose body carries the issues", async () => {
    const error = await management(ADMIN).flows.create({ name: "" }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Management.BadRequestError);
    expect((error as ManagementError).body).toMatchObject({ errorCode: "invalid_request", issues: [{ code: "too_short", path: "/name" }] });
  });

  it("ManagementClient: a client that is not global gets an UnauthorizedError (rule 3)", async () => {
    const error = await management(APP).flows.create({ name: "x" }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Management.UnauthorizedError);
    expect((error as ManagementError).body).toMatchObject({ errorCode: "client_not_global" });
  });

  function authClient(): AuthClient {
    return new AuthClient({ domain: DOMAIN, clientId: APP.id, clientSecret: APP.secret, customFetch: localFetch(serve.url) });
  }

  it("AuthClient: the authorization code with PKCE, from discovery to tokens", async () => {
    const auth = authClient();
    const { authorizationUrl, codeVerifier } = await auth.buildAuthorizationUrl({
      authorizationParams: { redirect_uri: "http://localhost:3000/callback", audience: SELF_SERVICE_AUDIENCE, scope: "openid create:me:authentication_methods" },
    });
    // The browser's part: follow /authorize to the callback.
    const authorize = await localFetch(serve.url)(authorizationUrl.href, { redirect: "manual" });
    expect(authorize.status).toBe(302);
    const tokens = await auth.getTokenByCode(new URL(authorize.headers.get("location")!), { codeVerifier });
    expect(tokens.scope).toBe("openid create:me:authentication_methods");
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ aud: SELF_SERVICE_AUDIENCE, azp: APP.id });
  });

  it("AuthClient: native passkeys, challenge then the WebAuthn grant", async () => {
    const auth = authClient();
    const challenge = await auth.passkey.challenge({ realm: "Username-Password-Authentication" });
    const { challenge: answered } = challenge.authnParamsPublicKey as { challenge: string };
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: answered, origin: `https://${DOMAIN}` })).toString("base64url");
    const tokens = await auth.passkey.getTokenByPasskey({
      authSession: challenge.authSession,
      realm: "Username-Password-Authentication",
      audience: SELF_SERVICE_AUDIENCE,
      scope: "read:me:authentication_methods",
      credential: { id: "cred", rawId: "cred", type: "public-key", authenticatorAttachment: "platform", response: { clientDataJSON, authenticatorData: "AAAA", signature: "AAAA" }, clientExtensionResults: {} },
    });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ aud: SELF_SERVICE_AUDIENCE, scope: "read:me:authentication_methods" });
  });
});
