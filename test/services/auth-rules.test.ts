/**
 * The authentication rules as helpers, on the generated package: each answers as its rule in
 * spec/authentication.yaml says, and names that rule when it refuses. AUTH_RULES is that file's data.
 */
import { describe, expect, it } from "vitest";
import * as v from "../../packages/validator/dist/service.js";
import { realIr } from "../support/spec-ir.ts";

const ir = realIr();
const SELF_SERVICE = "https://login.example.com/me/";

describe("AUTH_RULES", () => {
  it("is the spec's rules, as frozen data", () => {
    expect(v.AUTH_RULES.map((r) => [r.seed, r.id, r.kind])).toEqual(ir.authRules.map((r) => [r.seed, r.id, r.kind]));
    const grantedRule = v.AUTH_RULES.find((r) => r.kind === "granted_permissions")!;
    expect(grantedRule).toMatchObject(ir.authRules.find((r) => r.kind === "granted_permissions")!.data);
    expect(Object.isFrozen(v.AUTH_RULES) && Object.isFrozen(v.AUTH_RULES[0]) && Object.isFrozen(v.DEFAULT_ACCESS_POLICIES)).toBe(true);
  });
});

describe("rule 3: global clients", () => {
  it("reads azp, else client_id, against a list or a predicate", () => {
    expect(v.isGlobalClient({ azp: "g" }, ["g"])).toBe(true);
    expect(v.isGlobalClient({ client_id: "g" }, ["g"])).toBe(true);
    expect(v.isGlobalClient({ azp: "app" }, ["g"])).toBe(false);
    expect(v.isGlobalClient(null, ["g"])).toBe(false);
    expect(v.isGlobalClient({ azp: "app", tenant_wide: true }, (_id, claims) => claims.tenant_wide === true)).toBe(true);
  });
});

describe("rule 7: no client credentials for the self-service audience", () => {
  it("refuses client_credentials for /me/ only, naming the rule", () => {
    expect(v.checkTokenGrant("client_credentials", SELF_SERVICE)).toMatchObject({ ok: false, rule: "no_client_credentials" });
    expect(v.checkTokenGrant("client_credentials", "https://login.example.com/api/v2/")).toEqual({ ok: true });
    expect(v.checkTokenGrant("authorization_code", SELF_SERVICE)).toEqual({ ok: true });
  });
});

describe("rules 7 to 9: application API access policies", () => {
  const requested = "create:me:authentication_methods read:me:authentication_methods";

  it("uses the defaults once the interface is activated: require_client_grant for users, deny_all for clients", () => {
    expect(v.DEFAULT_ACCESS_POLICIES).toEqual({ user_flows: "require_client_grant", client_flows: "deny_all" });
    expect(v.accessPolicyScopes({ flow: "user_flows", requested, clientGrant: ["create:me:authentication_methods"] })).toEqual({
      ok: true,
      policy: "require_client_grant",
      scopes: ["create:me:authentication_methods"],
      withheld: ["read:me:authentication_methods"],
    });
    expect(v.accessPolicyScopes({ flow: "client_flows", requested })).toMatchObject({ ok: false, rule: "default_access_policies" });
  });

  it("needs a client grant under require_client_grant", () => {
    expect(v.accessPolicyScopes({ flow: "user_flows", requested, clientGrant: null })).toMatchObject({ ok: false, rule: "allow_all_discouraged" });
  });

  it("allows anything under allow_all, and says it is discouraged", () => {
    expect(v.accessPolicyScopes({ flow: "user_flows", policy: "allow_all", requested })).toEqual({
      ok: true,
      policy: "allow_all",
      scopes: requested.split(" "),
      withheld: [],
      discouraged: { rule: "allow_all_discouraged", instead: "require_client_grant" },
    });
  });

  it("refuses everything under deny_all, and a changed policy for client flows", () => {
    expect(v.accessPolicyScopes({ flow: "user_flows", policy: "deny_all", requested })).toMatchObject({ ok: false });
    expect(v.accessPolicyScopes({ flow: "client_flows", policy: "allow_all", requested })).toMatchObject({ ok: false, rule: "no_client_credentials" });
  });

  it("refuses an unknown flow or policy without throwing", () => {
    expect(v.accessPolicyScopes({ flow: "other" as never, requested })).toMatchObject({ ok: false });
    expect(v.accessPolicyScopes({ flow: "user_flows", policy: "allow_some" as never, requested })).toMatchObject({ ok: false });
    expect(v.accessPolicyScopes(null as never)).toMatchObject({ ok: false });
  });
});

describe("rule 10: granted permissions", () => {
  it("is the intersection, saying which part withheld what, in the spec's words", () => {
    const parts = (ir.authRules.find((r) => r.kind === "granted_permissions")!.data as { intersectionOf: string[] }).intersectionOf;
    const granted = v.grantedScopes({ policy: "a b c d", permissions: ["a", "b", "c"], consent: "a c" });
    expect(granted).toEqual({ scopes: ["a", "c"], withheld: [{ by: parts[1], scopes: ["d"] }, { by: parts[2], scopes: ["b", "d"] }] });
  });
});

describe("rule 12: one domain", () => {
  it("accepts one host in any case, and names every host when they differ", () => {
    const same = { authorize: "https://Login.Example.com/authorize", token: "https://login.example.com/oauth/token", audience: SELF_SERVICE, call: "https://login.example.com/me/v1/authentication-methods" };
    expect(v.checkSameDomain(same)).toEqual({ ok: true, domain: "login.example.com" });
    const { authorize: _optional, ...withoutAuthorize } = same;
    expect(v.checkSameDomain(withoutAuthorize)).toEqual({ ok: true, domain: "login.example.com" });
    const mixed = v.checkSameDomain({ ...same, audience: "https://tenant.eu.auth.example/me/" });
    expect(mixed).toMatchObject({ ok: false, rule: "same_domain", domains: { audience: "tenant.eu.auth.example", token: "login.example.com" } });
    expect(v.checkSameDomain({ ...same, call: "not a url" })).toMatchObject({ ok: false, domains: { call: null } });
  });
});

describe("PKCE", () => {
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

  it("computes S256 as RFC 7636 Appendix B does", async () => {
    expect(await v.pkceChallenge(verifier)).toBe(challenge);
    await expect(v.pkceChallenge("short")).rejects.toThrow(/43 to 128/);
  });

  it("ties the spec's own examples: the authorize challenge is S256 of the token request's verifier", async () => {
    const example = (name: string) => ir.records.find((r) => r.name === name)!.examples![0] as Record<string, string>;
    const query = example("AuthorizeQuery");
    expect(await v.checkPkce({ verifier: example("AuthorizationCodeTokenRequest").code_verifier!, challenge: query.code_challenge!, method: query.code_challenge_method! })).toEqual({ ok: true });
  });

  it("checks plain, refuses a wrong verifier, a bad one and an unknown method", async () => {
    expect(await v.checkPkce({ verifier, challenge: verifier, method: "plain" })).toEqual({ ok: true });
    expect(await v.checkPkce({ verifier: verifier.replace("d", "e"), challenge })).toMatchObject({ ok: false });
    expect(await v.checkPkce({ verifier: `${verifier}!`, challenge })).toMatchObject({ ok: false, message: expect.stringMatching(/letters, digits/) });
    expect(await v.checkPkce({ verifier, challenge, method: "S512" })).toMatchObject({ ok: false, message: expect.stringMatching(/S256, plain/) });
  });
});

describe("rule 6: the self-service scope form", () => {
  it("takes <action>:me:<resource> and the OpenID Connect scopes, and names the others", () => {
    expect(v.checkSelfServiceScopes("create:me:authentication_methods read:me:factors offline_access openid")).toMatchObject({ ok: true });
    expect(v.checkSelfServiceScopes(["create:flows", "create:me:", "me:x", "create:me:authentication_methods"])).toMatchObject({
      ok: false,
      rule: "self_service_token_flows",
      invalid: ["create:flows", "create:me:", "me:x"],
    });
  });
});
