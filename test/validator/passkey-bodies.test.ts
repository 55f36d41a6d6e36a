/**
 * The passkey and token bodies as the vendor documents them (issue: passkey fidelity). Each body is
 * written from the field lists of the vendor's passkey API reference, not from this spec, so a spec
 * that drifts from the documentation fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR, REPO_ROOT } from "./support/spec.js";
import { validator, type ValidationIssue } from "./support/validator.js";

const WEBAUTHN_GRANT = "urn:okta:params:oauth:grant-type:webauthn";
const FORMER_GRANT = "urn:auth0:params:oauth:grant-type:webauthn";

/** POST /passkey/challenge with every documented field. */
const documentedChallenge = {
  client_id: "dZqJ8cM3oT1vR6kB0yXwA5nLsE2hGf4U",
  client_secret: "k6Yq2tVbX9aN0cR4mW8zL1pD5sH7jF3e",
  realm: "Username-Password-Authentication",
  organization: "org_W30mZ8mLk1cI2yX5",
};

/** POST /oauth/token with the WebAuthn grant and every documented field. */
const documentedGrant = {
  grant_type: WEBAUTHN_GRANT,
  client_id: "dZqJ8cM3oT1vR6kB0yXwA5nLsE2hGf4U",
  realm: "Username-Password-Authentication",
  organization: "org_W30mZ8mLk1cI2yX5",
  scope: "openid profile offline_access",
  audience: "https://login.example.com/me/",
  auth_session: "CvarE8OOksrg0VBXsVmYf5TMdBHXF_FF",
  authn_response: {
    id: "unJJm_oSHoNrKsFXJu59aw",
    rawId: "unJJm_oSHoNrKsFXJu59aw",
    type: "public-key",
    authenticatorAttachment: "platform",
    response: { clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0", authenticatorData: "DGygg5w6VoNVeDP2GKJVZg", signature: "MEUCIQDQlfIPk5Vl", userHandle: "YXV0aDB8NjU3MWI5" },
    clientExtensionResults: {},
  },
};

function issues(result: { ok: boolean; issues?: readonly ValidationIssue[] }): readonly ValidationIssue[] {
  return result.ok ? [] : result.issues ?? [];
}

describe("the passkey challenge", () => {
  it("accepts the documented body, optional fields included", () => {
    expect(validator.validatePasskeyChallengeRequest(documentedChallenge)).toEqual({ ok: true, value: documentedChallenge });
    expect(validator.validatePasskeyChallengeRequest({ client_id: "abc" }).ok).toBe(true);
  });

  it("still requires client_id and refuses fields the documentation does not list", () => {
    expect(issues(validator.validatePasskeyChallengeRequest({ realm: "db" }))).toEqual([expect.objectContaining({ code: "required", path: "/client_id" })]);
    expect(issues(validator.validatePasskeyChallengeRequest({ client_id: "a", connection: "db" }))).toEqual([expect.objectContaining({ code: "unknown_property", path: "/connection" })]);
    expect(issues(validator.validatePasskeyChallengeRequest({ client_id: "a", realm: "" }))).toEqual([expect.objectContaining({ path: "/realm" })]);
  });
});

describe("the WebAuthn grant", () => {
  it("accepts the documented body with the published URN, realm and organization", () => {
    expect(validator.validateTokenRequest(documentedGrant)).toEqual({ ok: true, value: documentedGrant });
  });

  it("refuses the former URN with an issue that names the right one", () => {
    const result = validator.validateTokenRequest({ ...documentedGrant, grant_type: FORMER_GRANT }, { allErrors: true });
    expect(issues(result)).toEqual([expect.objectContaining({ code: "unknown_variant", path: "/grant_type", allowed: ["authorization_code", "client_credentials", "password", WEBAUTHN_GRANT] })]);
    expect(issues(result)[0]!.message).toContain(`"${WEBAUTHN_GRANT}"`);
  });
});

describe("the published package and reference", () => {
  it("exports the published URN in the JSON Schema", () => {
    const schema = JSON.parse(readFileSync(`${REPO_ROOT}packages/schema/WebAuthnTokenRequest.schema.json`, "utf8"));
    expect(schema.properties.grant_type.const).toBe(WEBAUTHN_GRANT);
    expect(readFileSync(`${PACKAGE_DIR}/dist/index.js`, "utf8")).not.toContain(FORMER_GRANT);
  });

  it("explains the redirect_uri rule and the rejected create-request fields on the disagreements page", () => {
    const page = readFileSync(`${REPO_ROOT}packages/reference/disagreements.md`, "utf8");
    const section = (id: string) => page.slice(page.indexOf(`## ${id}:`), page.indexOf("\n## ", page.indexOf(`## ${id}:`) + 1));
    expect(section("D16")).toContain("RFC 6749 §4.1.3");
    expect(section("D16")).toContain("AuthorizationCodeTokenRequest");
    expect(section("D11")).toContain("CreateFlowRequestContent");
    expect(section("D11")).toMatch(/unknown_property.*\/description/);
  });
});
