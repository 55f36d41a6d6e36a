/**
 * The rules of authentication.yaml that concern a grant, each decided by the spec's data and
 * tested here one by one: rule 1 (client credentials for management tokens), rule 6 (the grants of
 * the self-service flows), rule 7 (client credentials refused for the self-service audience, with
 * the rule's own row) and rule 12 (the token request's audience on the domain it is sent to). Each
 * goes through the request check a service runs; the data's part is shown by changing the data.
 */
import { describe, expect, it } from "vitest";
import { isMap, isSeq } from "yaml";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import { generatedValidator } from "../../generator/src/commands/release/evidence.js";
import type { AuthRule, SpecIR } from "../../generator/src/ir/model.js";
import { AUTH_RULES, createRequestCheck } from "../../packages/validator/dist/service.js";
import type { ValidationIssue, ValidationResult } from "../../packages/validator/dist/index.js";
import { realIr } from "../support/spec-ir.ts";
import { copySpec, editYaml } from "../support/yaml-edits.ts";

const DOMAIN = "login.example.com";
const SELF_SERVICE = `https://${DOMAIN}/me/`;
const MANAGEMENT = `https://${DOMAIN}/api/v2/`;
const ir = realIr();
const check = createRequestCheck("post_oauth_token", { domain: DOMAIN });

function rule<K extends AuthRule["kind"]>(id: string, kind: K): Extract<AuthRule, { kind: K }> {
  const found = ir.authRules.find((r) => r.id === id);
  if (found?.kind !== kind) throw new Error(`no ${kind} rule ${id}`);
  return found as Extract<AuthRule, { kind: K }>;
}

/** A body of `grant` from its record's example in the spec, with the audience set. */
function bodyOf(grant: string, audience: string): Record<string, unknown> {
  for (const record of ir.records) {
    if (record.schema.kind !== "object") continue;
    const tag = record.schema.properties.find((p) => p.name === "grant_type")?.schema;
    if (tag?.kind === "string" && tag.const === grant) return { ...(record.examples?.[0] as Record<string, unknown>), audience };
  }
  throw new Error(`no record for ${grant}`);
}

/** A verdict's issues; none for a valid value. */
function issuesOf(result: ValidationResult<unknown>): readonly ValidationIssue[] {
  return result.ok ? [] : result.issues;
}

function post(body: object) {
  return check({ method: "POST", headers: { "content-type": "application/json" }, rawBody: JSON.stringify(body) });
}

describe("rule 1: management tokens come from the client-credentials grant", () => {
  it("takes the client-credentials body for the management audience", () => {
    const scheme = ir.securitySchemes.find((s) => rule("management_schemes", "schemes").data.schemes.includes(s.name) && s.type === "oauth2")!;
    expect(scheme.flow).toBe("client_credentials");
    const result = post(bodyOf(scheme.flow!, MANAGEMENT));
    expect(result).toMatchObject({ ok: true, value: { grant_type: "client_credentials", audience: MANAGEMENT } });
  });
});

describe("rule 6: the self-service flows and their grants", () => {
  const flows = rule("self_service_token_flows", "token_flows").data.flows;

  it("takes a body of every grant the rule names, for the self-service audience", () => {
    const grants = [...new Set(flows.map((f) => f.grant))];
    expect(grants).toEqual(["authorization_code", "password", "urn:okta:params:oauth:grant-type:webauthn"]);
    for (const grant of grants) expect(post(bodyOf(grant!, SELF_SERVICE)).ok, grant).toBe(true);
    // The published data says the same (AUTH_RULES is what the package exports).
    const published = AUTH_RULES.find((r) => r.id === "self_service_token_flows") as unknown as { flows: { grant?: string }[] };
    expect(published.flows.map((f) => f.grant)).toEqual(flows.map((f) => f.grant));
  });

  it("decides which grants reach the self-service audience: without its password flow, the password grant is refused there", async () => {
    const withoutPassword: SpecIR = {
      ...ir,
      authRules: ir.authRules.map((r) => (r.kind === "token_flows" ? { ...r, data: { ...r.data, flows: r.data.flows.filter((f) => f.grant !== "password") } } : r)),
    };
    const validator = await generatedValidator(withoutPassword);
    expect(issuesOf(validator.validateTokenRequest(bodyOf("password", SELF_SERVICE)))).toEqual([expect.objectContaining({ code: "not_allowed", keyword: "refusedGrant", path: "/grant_type" })]);
    expect(validator.validateTokenRequest(bodyOf("password", MANAGEMENT)).ok).toBe(true);
    expect(validator.validateTokenRequest(bodyOf("authorization_code", SELF_SERVICE)).ok).toBe(true);
  });

  it("refuses a spec whose flow names a grant no token request record describes", () => {
    const specDir = copySpec();
    editYaml(specDir, "authentication.yaml", (doc) => {
      const rules = doc.get("rules");
      if (!isSeq(rules)) throw new Error("no rules");
      const flowsRule = rules.items.findIndex((r) => isMap(r) && r.get("id") === "self_service_token_flows");
      doc.setIn(["rules", flowsRule, "flows", 2, "grant"], "refresh_token");
    });
    const result = loadIr({ specDir });
    expect(result.ir).toBeUndefined();
    expect(result.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([
      expect.stringMatching(/^SpecUnknownReference: grant `refresh_token` is not the grant_type of any token request record/),
    ]);
  });
});

describe("rule 7: client credentials cannot obtain a self-service token", () => {
  it("answers with the rule's row, 403 unauthorized_client, naming the rule", () => {
    const data = rule("no_client_credentials", "grant_not_allowed").data;
    const result = post(bodyOf(data.grant, SELF_SERVICE));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response).toMatchObject({ status: data.status, body: { error: data.error, issues: [{ path: "/grant_type", code: "not_allowed", keyword: "refusedGrant" }] } });
    expect(result.response.body.error_description).toContain("authentication rule no_client_credentials");
  });

  it("refuses whatever grant the rule names: with password named instead (and rule 6 naming no grants), password is refused and client credentials pass", async () => {
    const refusing = (grant: string): SpecIR => ({
      ...ir,
      authRules: ir.authRules.map((r) => {
        if (r.id === "no_client_credentials" && r.kind === "grant_not_allowed") return { ...r, data: { ...r.data, grant } };
        // Rule 6's grants would refuse client credentials too; without them only rule 7 decides.
        if (r.kind === "token_flows") return { ...r, data: { ...r.data, flows: r.data.flows.map(({ grant: _grant, ...flow }) => flow) } };
        return r;
      }),
      interfaces: ir.interfaces.map((i) => (i.refusedGrants.length > 0 ? { ...i, refusedGrants: [grant] } : i)),
    });
    const validator = await generatedValidator(refusing("password"));
    expect(issuesOf(validator.validateTokenRequest(bodyOf("password", SELF_SERVICE)))).toEqual([expect.objectContaining({ keyword: "refusedGrant" })]);
    expect(validator.validateTokenRequest(bodyOf("client_credentials", SELF_SERVICE)).ok).toBe(true);
  });

  it("answers a grant the spec does not describe with unsupported_grant_type, not as a refusal", () => {
    const result = post({ grant_type: "refresh_token", client_id: "abc", refresh_token: "r" });
    expect(result.ok ? null : result.response).toMatchObject({ status: 400, body: { error: "unsupported_grant_type", issues: [{ code: "unknown_variant", path: "/grant_type" }] } });
  });
});

describe("rule 12: the token request's audience is on the domain it is sent to", () => {
  it("refuses a self-service audience on another domain with invalid_request at /audience", () => {
    const result = post(bodyOf("password", "https://other.example.com/me/"));
    expect(result.ok ? null : result.response).toMatchObject({ status: 400, body: { error: "invalid_request", issues: [{ path: "/audience" }] } });
    expect(rule("same_domain", "same_domain").data.sameFor).toContain("token request");
  });
});
