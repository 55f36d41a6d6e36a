/**
 * The public API around the validators: union-aware issues, options, guards and assertions,
 * Standard Schema, and the helpers from the spec's rules (scopes, rate limits, self-service).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGES } from "../support/paths.js";
import { allVariants, loadIr } from "./support/spec.js";
import { validator, type ValidationIssue } from "./support/validator.js";

const ir = loadIr();
const DO_NOTHING = { id: "noop", type: "FLOW", action: "DO_NOTHING" };

function issues(result: { ok: boolean; issues?: readonly ValidationIssue[] }): readonly ValidationIssue[] {
  return result.ok ? [] : result.issues ?? [];
}

describe("union-aware issues", () => {
  it("gives one unknown_type issue listing the spec's types", () => {
    const result = validator.validateCreateFlowRequest({ name: "x", actions: [DO_NOTHING, { id: "a", type: "NOPE", action: "X" }] }, { allErrors: true });
    expect(issues(result)).toEqual([
      expect.objectContaining({ code: "unknown_type", path: "/actions/1/type", allowed: ir.flowActions.types.map((t) => t.type) }),
    ]);
  });

  it("gives one unknown_action issue listing the type's actions and the types that have it", () => {
    const withSendEmail = allVariants(ir).filter((v) => v.action === "SEND_EMAIL").map((v) => v.type);
    expect(withSendEmail.length).toBeGreaterThan(1);
    const result = validator.validateFlowAction({ id: "a", type: "STRIPE", action: "SEND_EMAIL", params: {} });
    const stripe = ir.flowActions.types.find((t) => t.type === "STRIPE")!;
    expect(issues(result)).toEqual([
      expect.objectContaining({ code: "unknown_action", path: "/action", allowed: stripe.variants.map((v) => v.action), params: expect.objectContaining({ typesWithAction: withSendEmail }) }),
    ]);
    expect(issues(result)[0]!.message).toContain(withSendEmail.join(", "));
  });

  it("says when a value fits two alternatives that exclude each other", () => {
    const action = { id: "m", type: "MAILJET", action: "SEND_EMAIL", params: { connection_id: "ac_1", content: "hi", template_id: 1 } };
    expect(issues(validator.validateFlowAction(action))).toEqual([expect.objectContaining({ code: "ambiguous", path: "/params" })]);
  });

  it("lists what each alternative wanted when the value could have meant several", () => {
    const result = validator.validateFlowAction({ id: "m", type: "MAILJET", action: "SEND_EMAIL", params: { connection_id: "ac_1" } });
    expect(issues(result)).toEqual([expect.objectContaining({ code: "no_match", path: "/params" })]);
    const alternatives = issues(result)[0]!.params!.alternatives as { code: string; path: string }[];
    expect(alternatives.map((a) => [a.code, a.path])).toEqual([["required", "/params/content"], ["required", "/params/template_id"]]);
  });

  it("reports the alternative a value was meant for", () => {
    const delay = (number: unknown) => validator.validateFlowAction({ id: "d", type: "FLOW", action: "DELAY_FLOW", params: { number } });
    expect(issues(delay(-1))).toEqual([expect.objectContaining({ code: "out_of_range", path: "/params/number", params: { limit: 0, comparison: ">=" } })]);
    expect(issues(delay("x".repeat(251)))).toEqual([expect.objectContaining({ code: "too_long", path: "/params/number" })]);
    expect(issues(delay(true))).toEqual([expect.objectContaining({ code: "invalid_type", path: "/params/number", params: { type: "integer,string" } })]);
    expect(issues(delay(true))[0]!.message).toBe("must be an integer or a string");
  });

  it("names each wanted type once when two alternatives are strings of different forms", () => {
    const email = { id: "e", type: "AUTH0", action: "SEND_EMAIL", params: { to: 5, subject: "Hi", body: "Hello" } };
    expect(issues(validator.validateFlowAction(email))).toEqual([expect.objectContaining({ code: "invalid_type", path: "/params/to", params: { type: "string" }, message: "must be a string" })]);
  });
});

describe("issues belong to the caller", () => {
  it("a list an issue hands out can be changed without changing the next issue", () => {
    const fixtures = JSON.parse(readFileSync(join(PACKAGES, "fixtures", "fixtures.json"), "utf8")) as { variants: Record<string, { invalid: { value: Record<string, unknown>; issue: { allowed?: unknown[] } }[] }> };
    const listed = Object.values(fixtures.variants).flatMap((set) => set.invalid.filter((f) => f.issue.allowed !== undefined));
    // An enumeration's list, the schema's own before issues copied it, is among them.
    expect(listed.some((f) => issues(validator.validateFlowAction(f.value))[0]?.keyword === "enum")).toBe(true);
    for (const { value } of listed) {
      const [first] = issues(validator.validateFlowAction(value));
      const before = JSON.parse(JSON.stringify(first)) as ValidationIssue;
      const allowed = first!.allowed as unknown[];
      allowed.push("zz_widened");
      allowed.reverse();
      expect(issues(validator.validateFlowAction(value))[0]).toEqual(before);
    }
  });
});

describe("options", () => {
  const bad = { id: "#", type: "FLOW", action: "DELAY_FLOW", params: { number: -1, extra: true } };

  it("stops at the first issue by default, and collects all with allErrors", () => {
    expect(issues(validator.validateCreateFlowRequest({ name: "", actions: [bad, bad] }))).toHaveLength(1);
    const all = issues(validator.validateCreateFlowRequest({ name: "", actions: [bad, bad] }, { allErrors: true }));
    expect(all.map((i) => `${i.code} ${i.path}`)).toEqual([
      "too_short /name",
      "invalid_format /actions/0/id",
      "unknown_property /actions/0/params/extra",
      "out_of_range /actions/0/params/number",
      "invalid_format /actions/1/id",
      "unknown_property /actions/1/params/extra",
      "out_of_range /actions/1/params/number",
    ]);
  });

  it("caps the issues at maxIssues", () => {
    const actions = Array.from({ length: 300 }, () => bad);
    expect(issues(validator.validateCreateFlowRequest({ name: "x", actions }, { allErrors: true }))).toHaveLength(100);
    expect(issues(validator.validateCreateFlowRequest({ name: "x", actions }, { allErrors: true, maxIssues: 7 }))).toHaveLength(7);
  });

  it("publishes its safety limits and the spec version", () => {
    expect(validator.SAFETY_LIMITS).toEqual({ maxDepth: 32, maxIssues: 100, maxRepeatedIssues: 1_000, maxFields: 100_000, maxKeyDepth: 200 });
    expect(Object.isFrozen(validator.SAFETY_LIMITS)).toBe(true);
    expect(validator.SPEC_VERSION).toBe(ir.version);
  });
});

describe("guards, assertions, Standard Schema", () => {
  it("guards", () => {
    expect(validator.isFlowAction(DO_NOTHING)).toBe(true);
    expect(validator.isFlowAction({ ...DO_NOTHING, extra: 1 })).toBe(false);
    expect(validator.isCreateFlowRequest({ name: "x" })).toBe(true);
    expect(validator.isPasskeyChallengeRequest({ client_id: "" })).toBe(false);
  });

  it("asserts with a ValidationError that carries the issues", () => {
    expect(() => validator.assertCreateFlowRequest({ name: "x" })).not.toThrow();
    let caught: unknown;
    try {
      validator.assertCreateFlowRequest({ name: "" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(validator.ValidationError);
    expect(caught).toBeInstanceOf(Error);
    const error = caught as InstanceType<typeof validator.ValidationError>;
    expect(error.name).toBe("ValidationError");
    expect(error.issues).toEqual([expect.objectContaining({ code: "too_short", path: "/name" })]);
    expect(error.message).toContain("/name");
  });

  it("is a Standard Schema v1 whose paths are keys, list positions as numbers", () => {
    const schema = validator.validateCreateFlowRequest["~standard"];
    expect(schema.version).toBe(1);
    expect(schema.vendor).toBe("flowspec");
    const good = { name: "x" };
    expect(schema.validate(good)).toEqual({ value: good });
    const bad = { name: "x", actions: [DO_NOTHING, { ...DO_NOTHING, id: "#" }] };
    expect(schema.validate(bad)).toEqual({ issues: [{ message: expect.any(String), path: ["actions", 1, "id"] }] });
  });

  it("keeps a key that looks like an index a string in Standard Schema paths", () => {
    const action = { id: "v", type: "FLOW", action: "STORE_VARS", params: { vars: {}, "0": 1 } };
    expect(validator.validateFlowAction["~standard"].validate(action)).toEqual({ issues: [{ message: expect.any(String), path: ["params", "0"] }] });
  });
});

describe("checkScopes", () => {
  it("grants an operation whose scope is in the token, as a claim or a list", () => {
    expect(validator.checkScopes("post_flows", "read:flows create:flows")).toEqual({ ok: true, operation: "post_flows", requiredScope: "create:flows" });
    expect(validator.checkScopes("post_flows", ["create:flows"]).ok).toBe(true);
    expect(validator.checkScopes("get_authorize", "").ok).toBe(true);
  });

  it("answers with the error table's 403 row when the scope is missing", () => {
    const row = ir.errors.find((e) => e.operations.includes("post_flows") && e.status === 403)!;
    expect(validator.checkScopes("post_flows", "create:flowsx read:flows")).toEqual({
      ok: false,
      operation: "post_flows",
      requiredScope: "create:flows",
      status: 403,
      error: row.id,
      message: "Insufficient scope, expected any of: create:flows",
    });
  });

  it("words the row of an operation the table does not list like the one it does", () => {
    const result = validator.checkScopes("patch_resource_server_scopes", "create:flows");
    expect(result).toMatchObject({ ok: false, status: 403, error: "insufficient_scope", requiredScope: "update:resource_servers" });
    expect(result.ok ? "" : result.message).toContain("update:resource_servers");
  });

  it("refuses an unknown operation and unreadable scopes, without throwing", () => {
    expect(validator.checkScopes("delete_everything" as never, "create:flows")).toMatchObject({ ok: false, error: "unknown_operation" });
    expect(validator.checkScopes("__proto__" as never, "create:flows")).toMatchObject({ ok: false, error: "unknown_operation" });
    const hostile = new Proxy([], { get: () => { throw new Error("no"); } });
    expect(validator.checkScopes("post_flows", hostile as never)).toMatchObject({ ok: false });
    expect(validator.checkScopes("post_flows", 5 as never)).toMatchObject({ ok: false });
  });
});

describe("parseRateLimitHeaders", () => {
  const good = { "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1767225600" };

  it("reads a Headers object and a plain object whose names are in any case", () => {
    const expected = { ok: true, value: { limit: 100, remaining: 0, reset: 1767225600 } };
    expect(validator.parseRateLimitHeaders(new Headers(good))).toEqual(expected);
    expect(validator.parseRateLimitHeaders({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0", "x-ratelimit-reset": ["1767225600"] })).toEqual(expected);
    expect(validator.parseRateLimitHeaders(good)).toEqual(expected);
  });

  it.each([" 100", "100 ", "1e2", "0x64", "+100", "-1", "1.5", "", "100, 100", "0100"])("refuses %j", (value) => {
    const result = validator.parseRateLimitHeaders({ ...good, "X-RateLimit-Limit": value });
    expect(issues(result)).toEqual([expect.objectContaining({ code: "invalid_format", path: "/X-RateLimit-Limit" })]);
  });

  it("reports missing, repeated and out-of-range headers", () => {
    const result = validator.parseRateLimitHeaders({ "X-RateLimit-Limit": "9007199254740993", "x-ratelimit-remaining": "1", "X-RATELIMIT-REMAINING": "2" });
    expect(issues(result).map((i) => `${i.code} ${i.path}`)).toEqual([
      "out_of_range /X-RateLimit-Limit",
      "repeated_field /X-RateLimit-Remaining",
      "required /X-RateLimit-Reset",
    ]);
  });

  it("reads a Map and a case-sensitive store keyed in lower case", () => {
    const expected = { ok: true, value: { limit: 10, remaining: 1, reset: 5 } };
    const lower = [["x-ratelimit-limit", "10"], ["x-ratelimit-remaining", "1"], ["x-ratelimit-reset", "5"]] as const;
    expect(validator.parseRateLimitHeaders(new Map(lower))).toEqual(expected);
    expect(validator.parseRateLimitHeaders(new Map([["X-RATELIMIT-LIMIT", "10"], ["X-RateLimit-Remaining", "1"], ["x-ratelimit-reset", "5"]]))).toEqual(expected);
    const store = new Map<string, string>(lower);
    expect(validator.parseRateLimitHeaders({ get: (name: string) => store.get(name) })).toEqual(expected);
    const repeated = new Map([...lower, ["X-RateLimit-Limit", "11"]]);
    expect(issues(validator.parseRateLimitHeaders(repeated))).toEqual([expect.objectContaining({ code: "repeated_field", path: "/X-RateLimit-Limit" })]);
  });

  it("never throws", () => {
    for (const headers of [null, undefined, "x", { get: () => { throw new Error("no"); } }, new Proxy({}, { ownKeys: () => { throw new Error("no"); } })]) {
      expect(validator.parseRateLimitHeaders(headers as never).ok).toBe(false);
    }
  });
});

describe("account self-service rules", () => {
  const query = ir.records.find((r) => r.name === "AuthorizeQuery")!.examples![0] as Record<string, unknown>;
  const token = { grant_type: "authorization_code", client_id: "app", code: "c0de", redirect_uri: "https://app.example.com/callback" };

  it("builds the audience of a domain, and refuses what is not a host name", () => {
    expect(validator.selfServiceAudience("Login.Example.com")).toBe("https://login.example.com/me/");
    expect(validator.selfServiceAudience("login.example.com:8443")).toBe("https://login.example.com:8443/me/");
    for (const domain of ["evil.com/x#", "https://login.example.com", "user@login.example.com", "", " login.example.com", undefined, null, 5]) {
      expect(() => validator.selfServiceAudience(domain as never), String(domain)).toThrow(TypeError);
    }
  });

  it.each([
    "https://evil.com/me/?x",
    "https://evil.com/me/#x",
    "https://evil.com/%6De/",
    "https://evil.com/%256De/",
    "https://evil.com/./me/",
    "https://evil.com/x/../me/",
    "https://evil.com//me/",
    "https://evil.com/ME/",
    "https://evil.com/me//",
    "https://login.example.com/me//..",
    "https://evil.com/me/x/%2e%2e/",
    "https://evil.com/me/ ",
    " https://evil.com/me/",
    "https://evil.com\\me\\",
    "https:evil.com/me/",
    "https://evil.com/m\te/",
    "https://login.example.com/me/?x",
    "https://login.example.com/me/#",
    "https://user@login.example.com/me/",
    "https://login.example.com/me;x/",
    // Issue 23: NUL, space, tab, overlong UTF-8 and full-width spellings.
    "https://evil.com/me%00/",
    "https://evil.com/me\u0000/",
    "https://evil.com/me%20/",
    "https://evil.com/me/%09",
    "https://evil.com/%C0%AEme/",
    "https://evil.com/me%C0%AF",
    "https://evil.com/\uff4d\uff45/",
    "https://evil.com/%EF%BD%8D%EF%BD%85/",
  ])("refuses %j, a spelling a lenient server could read as the self-service audience", (audience) => {
    const withDomain = validator.validateTokenRequest({ ...token, audience }, { domain: "login.example.com" });
    expect(issues(withDomain)).toEqual([expect.objectContaining({ code: "not_allowed", path: "/audience", allowed: ["https://login.example.com/me/"] })]);
    expect(issues(validator.validateAuthorizeQuery({ ...query, audience }, { domain: "login.example.com" }))).toEqual([expect.objectContaining({ code: "not_allowed", path: "/audience" })]);
    expect(issues(validator.validateTokenRequest({ ...token, audience }))[0]).toMatchObject({ code: "not_allowed", path: "/audience" });
    const clientCredentials = { grant_type: "client_credentials", client_id: "m2m", client_secret: "s", audience };
    expect(issues(validator.validateTokenRequest(clientCredentials))[0]).toMatchObject({ code: "not_allowed", path: "/grant_type" });
  });

  it.each(["https://api.example.com/", "https://login.example.com/me/x", "https://login.example.com/mine/", "https://api.example.com/media/", "https://api.example.com/m%C3%A9/", "urn:me", "/me/"])("leaves %j alone: not meant for the interface", (audience) => {
    expect(validator.validateTokenRequest({ ...token, audience }, { domain: "login.example.com" }).ok).toBe(true);
  });

  it("requires the audience on the endpoint's domain, when the domain is given", () => {
    const audience = "https://login.example.com/me/";
    expect(validator.validateAuthorizeQuery({ ...query, audience }, { domain: "login.example.com" }).ok).toBe(true);
    expect(validator.validateAuthorizeQuery({ ...query, audience: "https://LOGIN.example.com/me/" }, { domain: "login.example.com" }).ok).toBe(true);
    const other = validator.validateTokenRequest({ ...token, audience: "https://tenant.auth.example.net/me/" }, { domain: "login.example.com" });
    expect(issues(other)).toEqual([expect.objectContaining({ code: "not_allowed", path: "/audience", allowed: [audience] })]);
  });

  it.each(["http://login.example.com/me/", "https://login.example.com/me", "https://login.example.com:8443/me/"])("refuses the malformed self-service audience %j", (audience) => {
    expect(issues(validator.validateTokenRequest({ ...token, audience }, { domain: "login.example.com" }))).toEqual([expect.objectContaining({ code: "not_allowed", path: "/audience" })]);
  });

  it("checks the audience's form without a domain, and leaves other audiences alone", () => {
    expect(validator.validateTokenRequest({ ...token, audience: "https://any.example.com/me/" }).ok).toBe(true);
    expect(issues(validator.validateTokenRequest({ ...token, audience: "https://any.example.com/me" }))[0]).toMatchObject({ code: "not_allowed", path: "/audience" });
    expect(validator.validateTokenRequest({ ...token, audience: "https://api.example.com/" }, { domain: "login.example.com" }).ok).toBe(true);
  });

  it("refuses the client credentials grant for the self-service audience, saying why", () => {
    const result = validator.validateTokenRequest({ grant_type: "client_credentials", client_id: "m2m", client_secret: "s", audience: "https://login.example.com/me/" });
    expect(issues(result)).toEqual([expect.objectContaining({ code: "not_allowed", keyword: "refusedGrant", path: "/grant_type", allowed: ["authorization_code", "password", "urn:okta:params:oauth:grant-type:webauthn"] })]);
    expect(issues(result)[0]!.message).toContain("self-service");
  });

  it("answers a grant the spec does not describe with unknown_variant (not not_allowed, which a rule gives), listing the described ones", () => {
    const result = validator.validateTokenRequest({ grant_type: "refresh_token", client_id: "a" }, { allErrors: true });
    expect(issues(result)).toEqual([expect.objectContaining({ code: "unknown_variant", path: "/grant_type", allowed: ["authorization_code", "client_credentials", "password", "urn:okta:params:oauth:grant-type:webauthn"] })]);
    expect(issues(validator.validateTokenRequest({ client_id: "a" }))).toEqual([expect.objectContaining({ code: "required", path: "/grant_type" })]);
  });
});
