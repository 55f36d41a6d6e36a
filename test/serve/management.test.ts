/**
 * The management operations over real HTTP: what a service built on the validator answers, in the
 * spec's order, with tokens the stand-in issued (or forged, expired, or for another audience).
 */
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServe } from "../../generator/src/stand-in/server.ts";
import { schemaErrors, validateErrorBody } from "../services/support/error-schema.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGES } from "../support/paths.ts";
import { ADMIN, APP, call, clientToken, createdFlowProblem, MANAGEMENT_AUDIENCE, startStandIn, type Reply } from "./support/stand-in.ts";

const FLOW = { name: "Newsletter sign-up", actions: [{ id: "tax", type: "STRIPE", action: "ADD_TAX_ID", params: { connection_id: "ac_YMgcyhMk2TVVHEA7QFcou2", customer_id: "cus_1", type: "eu_vat", value: "DE123" } }] };

/** One action per variant of the OpenAPI document, with its params example: the flow a created answer echoes. */
function everyVariantExample(): unknown[] {
  const document = JSON.parse(readFileSync(join(PACKAGES, "schema", "openapi.json"), "utf8")) as { components: { schemas: Record<string, { properties?: Record<string, { const?: string; $ref?: string }>; examples?: unknown[] }> } };
  const schemas = document.components.schemas;
  return Object.values(schemas).flatMap((schema) => {
    const { type, action, params } = schema.properties ?? {};
    const example = schemas[params?.$ref?.split("/").pop() ?? ""]?.examples?.[0];
    return type?.const === undefined || action?.const === undefined || example === undefined ? [] : [{ id: `a${action.const.toLowerCase()}`, type: type.const, action: action.const, params: example }];
  });
}

function expectError(r: Reply, status: number, errorCode: string): void {
  expect({ status: r.status, errorCode: r.body.errorCode }).toEqual({ status, errorCode });
  expect(validateErrorBody(r.body), schemaErrors()).toBe(true);
}

describe("flowspec serve: management operations", () => {
  let serve: RunningServe;
  let admin: string;

  beforeAll(async () => {
    serve = await startStandIn({ config: { maxBodyBytes: 4096 } });
    admin = await clientToken(serve.url, ADMIN);
  });
  afterAll(() => serve?.close());

  const post = (init: Parameters<typeof call>[3]) => call(serve.url, "POST", "/api/v2/flows", init);

  it("creates a flow: 201, an af_ id, the request echoed, RFC 3339 timestamps, a valid CreateFlowResponseContent", async () => {
    const r = await post({ token: admin, type: "application/json", body: JSON.stringify(FLOW) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject(FLOW);
    expect(r.body.id).toMatch(/^af_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(r.body.created_at).toBe(r.body.updated_at);
    expect(Date.parse(r.body.created_at as string)).toBeGreaterThan(Date.now() - 60_000);
    const { validator } = serve.context;
    expect(validator.validateCreateFlowResponse(r.body).ok).toBe(true);
  });

  it("declares each answer's length rather than sending it chunked (one write per answer)", async () => {
    const r = await post({ token: admin, type: "application/json", body: JSON.stringify(FLOW) });
    expect(r.headers.get("transfer-encoding")).toBeNull();
    expect(Number(r.headers.get("content-length"))).toBe(Buffer.byteLength(JSON.stringify(r.body)));
    const refused = await post({ type: "application/json", body: "{}" });
    expect(Number(refused.headers.get("content-length"))).toBe(Buffer.byteLength(JSON.stringify(refused.body)));
  });

  it("takes the same flow form-encoded", async () => {
    const body = "name=Form+flow&actions[0][id]=tax&actions[0][type]=STRIPE&actions[0][action]=ADD_TAX_ID&actions[0][params][connection_id]=ac_YMgcyhMk2TVVHEA7QFcou2&actions[0][params][customer_id]=cus_1&actions[0][params][type]=eu_vat&actions[0][params][value]=DE1";
    const r = await post({ token: admin, type: "application/x-www-form-urlencoded", body });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe("Form flow");
  });

  it("answers 400 with every issue, for JSON and for forms", async () => {
    const json = await post({ token: admin, type: "application/json", body: JSON.stringify({ name: "", actions: [{ id: "a", type: "STRIPE", action: "SEND_EMAIL" }] }) });
    expectError(json, 400, "invalid_request");
    expect((json.body.issues as { code: string; path: string }[]).map((i) => [i.code, i.path])).toEqual([
      ["too_short", "/name"],
      ["unknown_action", "/actions/0/action"],
    ]);
    const formBody = await post({ token: admin, type: "application/x-www-form-urlencoded", body: "name=x&name=y" });
    expectError(formBody, 400, "invalid_request");
    expect(formBody.body.issues).toMatchObject([{ code: "repeated_field" }]);
  });

  it("refuses a missing token, a forged signature, an expired token and a token for another audience with 401", async () => {
    expectError(await post({ type: "application/json", body: "{}" }), 401, "invalid_token");
    const forged = `${admin.slice(0, admin.lastIndexOf(".") + 1)}${"A".repeat(342)}`;
    expectError(await post({ token: forged, type: "application/json", body: "{}" }), 401, "invalid_signature");
    const other = await generateKeyPair("RS256");
    const foreign = await new SignJWT({ azp: ADMIN.id, scope: "create:flows" }).setProtectedHeader({ alg: "RS256" }).setIssuer("https://flowspec.local/").setAudience(MANAGEMENT_AUDIENCE).setExpirationTime("1h").sign(other.privateKey);
    expectError(await post({ token: foreign, type: "application/json", body: "{}" }), 401, "invalid_signature");
    const { tokens } = serve.context;
    const selfService = await tokens.issue({ clientId: ADMIN.id, audience: "https://flowspec.local/me/", scopes: ["create:flows"], subject: "u", grantType: "test" });
    expectError(await post({ token: selfService, type: "application/json", body: "{}" }), 401, "invalid_token");
  });

  it("refuses a client that is not global with 401, even with the scope (rule 3)", async () => {
    const app = await clientToken(serve.url, APP, "create:flows");
    expectError(await post({ token: app, type: "application/json", body: JSON.stringify(FLOW) }), 401, "client_not_global");
  });

  it("refuses a token without the operation's scope with 403 naming it", async () => {
    const onlyFlows = await clientToken(serve.url, ADMIN, "create:flows");
    const r = await call(serve.url, "PATCH", "/api/v2/resource-servers/api_1", { token: onlyFlows, type: "application/json", body: '{"scopes":[]}' });
    expectError(r, 403, "insufficient_scope");
    expect(r.body.message).toBe("Insufficient scope, expected any of: update:resource_servers");
    expect(r.headers.get("www-authenticate")).toContain('scope="update:resource_servers"');
  });

  it("refuses other content types with 415 and bodies past the limit with 413", async () => {
    const r = await post({ token: admin, type: "text/plain", body: "{}" });
    expectError(r, 415, "unsupported_media_type");
    expect(r.headers.get("accept-post")).toBe("application/json, application/x-www-form-urlencoded");
    const large = await post({ token: admin, type: "application/json", body: JSON.stringify({ name: "x".repeat(10_000) }) });
    expectError(large, 413, "content_too_large");
    // The body was not read to its end, so the connection is closed, and the next request still works.
    expect(large.headers.get("connection")).toBe("close");
    expect((await post({ token: admin, type: "application/json", body: JSON.stringify(FLOW) })).status).toBe(201);
  });

  it("replaces an API's permission list whole, and keeps one list per API", async () => {
    const patch = (id: string, scopes: unknown) => call(serve.url, "PATCH", `/api/v2/resource-servers/${encodeURIComponent(id)}`, { token: admin, type: "application/json", body: JSON.stringify({ scopes }) });
    const first = [{ value: "read:reports", description: "Read" }, { value: "create:reports" }];
    expect(await patch("https://api.example.com/", first)).toMatchObject({ status: 201, body: { id: "https://api.example.com/", scopes: first } });
    const other = [{ value: "read:invoices" }];
    expect((await patch("api_2", other)).body.scopes).toEqual(other);
    const second = [{ value: "create:reports", description: "Create" }];
    expect((await patch("https://api.example.com/", second)).body.scopes).toEqual(second);
    const { resourceServers } = serve.context;
    expect(resourceServers.scopesOf("https://api.example.com/")).toEqual(second);
    expect(resourceServers.scopesOf("api_2")).toEqual(other);
    expectError(await patch("api_3", [{ description: "no value" }]), 400, "invalid_request");
    expect(resourceServers.scopesOf("api_3")).toEqual([]);
  });

  it("answers an unknown path with 404 and a wrong method with 405 and Allow", async () => {
    expect(await call(serve.url, "GET", "/api/v2/nothing")).toMatchObject({ status: 404, body: { errorCode: "not_found" } });
    const wrong = await call(serve.url, "DELETE", "/api/v2/flows");
    expect(wrong).toMatchObject({ status: 405, body: { errorCode: "method_not_allowed" } });
    expect(wrong.headers.get("allow")).toBe("POST");
  });
});

describe("flowspec serve: every created flow follows CreateFlowResponseContent", () => {
  let serve: RunningServe;
  let admin: string;

  beforeAll(async () => {
    serve = await startStandIn();
    admin = await clientToken(serve.url, ADMIN);
  });
  afterAll(() => serve?.close());

  it("answers a flow with an action of every type and action (each variant's example) as a CreateFlowResponseContent", async () => {
    const actions = everyVariantExample();
    const flow = { name: "Every action", actions };
    const r = await call(serve.url, "POST", "/api/v2/flows", { token: admin, type: "application/json", body: JSON.stringify(flow) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((r.body.actions as unknown[]).length).toBe(actions.length);
    expect(createdFlowProblem(r.body)).toBeNull();
    // The check every created flow of these tests passes through can fail: an answer without its timestamps does not follow.
    const { created_at: _, ...untimed } = r.body;
    expect(createdFlowProblem(untimed)).toMatch(/created_at/);
  });
});
