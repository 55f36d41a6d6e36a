/**
 * decodeFormBody per record: POST /flows and POST /oauth/token both take forms, so the decoder is
 * told which record a body is (`record`, default CreateFlowRequestContent). At the token endpoint a
 * field the operation encodes as JSON (`formEncoding`: `authn_response`) is one field holding its
 * JSON text, as the vendor's auth SDK builds it, never bracketed keys.
 */
import { describe, expect, it } from "vitest";
import { validator } from "./support/validator.js";

const { decodeFormBody, validateTokenRequest } = validator;

const assertion = { id: "cred", rawId: "cred", type: "public-key", response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" } };

describe("decodeFormBody with a record", () => {
  it("decodes a token request form, authn_response from its JSON text", () => {
    const body = new URLSearchParams({ grant_type: "urn:okta:params:oauth:grant-type:webauthn", client_id: "app", client_secret: "s", auth_session: "sess", authn_response: JSON.stringify(assertion) }).toString();
    const decoded = decodeFormBody(body, { record: "TokenRequest" });
    expect(decoded).toEqual({ ok: true, value: { grant_type: "urn:okta:params:oauth:grant-type:webauthn", client_id: "app", client_secret: "s", auth_session: "sess", authn_response: assertion } });
    expect(validateTokenRequest(decoded.ok ? decoded.value : null).ok).toBe(true);
  });

  it("refuses authn_response as bracketed keys, and JSON text that is not JSON, where the field is", () => {
    expect(decodeFormBody("grant_type=x&authn_response[id]=cred", { record: "TokenRequest" })).toMatchObject({ ok: false, issues: [{ code: "conflicting_field", path: "/authn_response" }] });
    expect(decodeFormBody("authn_response=%7Bnope", { record: "TokenRequest" })).toMatchObject({ ok: false, issues: [{ code: "invalid_syntax", path: "/authn_response" }] });
  });

  it("keeps the flow body the default, and refuses a record no operation takes as a form", () => {
    expect(decodeFormBody("name=x")).toEqual({ ok: true, value: { name: "x" } });
    expect(decodeFormBody("name=x", { record: "AuthorizeQuery" })).toMatchObject({ ok: false, issues: [{ code: "invalid_option" }] });
    expect(decodeFormBody("name=x", { record: 7 as unknown as string })).toMatchObject({ ok: false, issues: [{ code: "invalid_option" }] });
  });
});
