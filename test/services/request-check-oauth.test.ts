/**
 * createRequestCheck for the authorization server's operations (issue 22): no token is asked for;
 * the body is a form or JSON as the operation takes it, the query of GET /authorize is read from
 * `query` or `url`; refusals have OAuth 2.0's body from the error table's rows.
 */
import { describe, expect, it } from "vitest";
import { createRequestCheck, errorResponse } from "../../packages/validator/dist/service.js";

const FORM = "application/x-www-form-urlencoded";
const authorize = createRequestCheck("get_authorize", { domain: "login.example.com" });
const token = createRequestCheck("post_oauth_token", { domain: "login.example.com" });
const challenge = createRequestCheck("post_passkey_challenge");
const query = "response_type=code&client_id=app&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb&state=xyz";

describe("createRequestCheck at the authorization server", () => {
  it("reads the query of GET /authorize from the URL or a query, and names the client", () => {
    expect(authorize({ method: "GET", headers: {}, url: `/authorize?${query}` })).toEqual({ ok: true, value: { response_type: "code", client_id: "app", redirect_uri: "https://app.example.com/cb", state: "xyz" }, clientId: "app" });
    expect(authorize({ method: "GET", headers: {}, query: new URLSearchParams(query) }).ok).toBe(true);
    expect(authorize({ method: "GET", headers: {}, query: `?${query}` }).ok).toBe(true);
  });

  it("refuses a repeated parameter and a missing one with invalid_request in OAuth's shape", () => {
    const repeated = authorize({ method: "GET", headers: {}, url: `/authorize?${query}&state=again` });
    expect(repeated.ok ? null : repeated.response).toMatchObject({ status: 400, headers: { "cache-control": "no-store" }, body: { error: "invalid_request", issues: [{ code: "repeated_field", path: "/state" }] } });
    const missing = authorize({ method: "GET", headers: {}, url: "/authorize?response_type=code" });
    expect(missing.ok ? null : missing.response.body).toMatchObject({ error: "invalid_request", error_description: expect.stringMatching(/^Invalid request body: /) });
    expect(missing.ok ? null : missing.response.body).not.toHaveProperty("statusCode");
  });

  it("takes a token request as a form or as JSON, and neither as text", () => {
    const fields = { grant_type: "authorization_code", client_id: "app", client_secret: "s", code: "c", redirect_uri: "https://app.example.com/cb" };
    expect(token({ method: "POST", headers: { "content-type": FORM }, rawBody: new URLSearchParams(fields).toString() })).toEqual({ ok: true, value: fields, clientId: "app" });
    expect(token({ method: "POST", headers: { "content-type": "application/json; charset=utf-8" }, rawBody: JSON.stringify(fields) }).ok).toBe(true);
    const text = token({ method: "POST", headers: { "content-type": "text/plain" }, rawBody: "x" });
    expect(text.ok ? null : text.response).toMatchObject({ status: 415, body: { error: "unsupported_media_type", error_description: "Unsupported content type, expected any of: application/x-www-form-urlencoded, application/json" } });
  });

  it("answers a body past the limit with 413 and asks for no token on the passkey challenge", () => {
    const small = createRequestCheck("post_passkey_challenge", { maxBodyBytes: 10 });
    const big = small({ method: "POST", headers: { "content-type": "application/json" }, rawBody: JSON.stringify({ client_id: "a-long-client-id" }) });
    expect(big.ok ? null : big.response).toMatchObject({ status: 413, body: { error: "content_too_large" } });
    expect(challenge({ method: "POST", headers: { "content-type": "application/json" }, rawBody: '{"client_id":"app"}' })).toEqual({ ok: true, value: { client_id: "app" }, clientId: "app" });
  });

  it("gives any row of the table in OAuth's shape, with what went wrong in this case", () => {
    expect(errorResponse("post_passkey_challenge", "invalid_client", { detail: "unknown client" })).toMatchObject({ status: 401, body: { error: "invalid_client", error_description: "Client authentication failed: unknown client" } });
    expect(errorResponse("get_authorize", "access_denied").headers).not.toHaveProperty("www-authenticate");
  });
});
