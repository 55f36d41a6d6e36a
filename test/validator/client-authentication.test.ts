/**
 * Client authentication on every token request (issue 22, item 1): `client_secret` is optional, and
 * `client_assertion` with `client_assertion_type` travel together or not at all (RFC 7523 §2.2, as
 * the records' `dependentRequired` says). The validator, the request check and Ajv on the published
 * JSON Schema give the same verdicts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createRequestCheck } from "../../packages/validator/dist/service.js";
import { PACKAGES } from "../support/paths.ts";
import { validator } from "./support/validator.js";

const JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
const base = { grant_type: "client_credentials", client_id: "m2m", audience: "https://login.example.com/api/v2/" };
const cases: [string, Record<string, unknown>, boolean][] = [
  ["a secret", { ...base, client_secret: "s" }, true],
  ["no credentials in the body (HTTP Basic)", { grant_type: "client_credentials" }, true],
  ["an assertion with its type", { ...base, client_assertion: "h.p.s", client_assertion_type: JWT_BEARER }, true],
  ["an assertion without its type", { ...base, client_assertion: "h.p.s" }, false],
  ["a type without an assertion", { ...base, client_assertion_type: JWT_BEARER }, false],
  ["an assertion of another type", { ...base, client_assertion: "h.p.s", client_assertion_type: "urn:example:saml" }, false],
];

const schema = JSON.parse(readFileSync(join(PACKAGES, "schema", "ClientCredentialsTokenRequest.schema.json"), "utf8")) as object;
const ajv = new Ajv2020({ strict: false }).compile(schema);
const check = createRequestCheck("post_oauth_token");

describe("client authentication in a token request", () => {
  it.each(cases)("%s", (_given, body, valid) => {
    expect(validator.validateTokenRequest(body).ok).toBe(valid);
    expect(ajv(body)).toBe(valid);
    expect(check({ method: "POST", headers: { "content-type": "application/json" }, rawBody: JSON.stringify(body) }).ok).toBe(valid);
  });

  it("names the missing half where it should be", () => {
    const result = validator.validateTokenRequest({ ...base, client_assertion: "h.p.s" });
    expect(result.ok ? [] : result.issues).toEqual([expect.objectContaining({ code: "required", path: "/client_assertion_type", params: { missingProperty: "client_assertion_type", property: "client_assertion" } })]);
  });

  it("is carried by every grant's record", () => {
    const assertion = { id: "c", rawId: "c", type: "public-key", response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } };
    const bodies = [
      { grant_type: "authorization_code", client_id: "a", code: "c", redirect_uri: "https://app.example.com/cb" },
      { grant_type: "password", client_id: "a", username: "u", password: "p" },
      { grant_type: "urn:okta:params:oauth:grant-type:webauthn", client_id: "a", auth_session: "s", authn_response: assertion },
    ];
    for (const body of bodies) {
      expect(validator.validateTokenRequest({ ...body, client_assertion: "h.p.s", client_assertion_type: JWT_BEARER }).ok, body.grant_type).toBe(true);
      const result = validator.validateTokenRequest({ ...body, client_assertion: "h.p.s" });
      expect(result.ok ? [] : result.issues.map((i) => i.path), body.grant_type).toEqual(["/client_assertion_type"]);
    }
  });
});
