/**
 * Drives an example service over HTTP on a loopback port, the way a client would: real tokens signed
 * with a key made for the test, JSON and form bodies, and every failure the request check answers.
 * Each example's test file calls describeExampleService once, so each server starts once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalKey, signToken, type LocalKey } from "../../../examples/shared/local-key.ts";
import type { ServiceConfig } from "../../../examples/shared/service-config.ts";
import { schemaErrors, validateErrorBody } from "./error-schema.ts";

export interface RunningService {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  close(): Promise<void>;
}

export type StartService = (config: ServiceConfig) => Promise<RunningService>;

const GLOBAL_CLIENT = "global-client";
const MAX_BODY_BYTES = 8192;

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

export function describeExampleService(name: string, start: StartService): void {
  describe(`examples/${name} over HTTP`, () => {
    let key: LocalKey;
    let service: RunningService;
    let token: string;

    beforeAll(async () => {
      key = await createLocalKey();
      service = await start({ verifyKey: key.publicKey, globalClients: [GLOBAL_CLIENT], maxBodyBytes: MAX_BODY_BYTES });
      token = await signToken(key, { clientId: GLOBAL_CLIENT, scope: "create:flows update:resource_servers" });
    });
    afterAll(async () => service?.close());

    async function call(method: string, path: string, init: { token?: string | null; type?: string; body?: string } = {}): Promise<Reply> {
      const headers: Record<string, string> = {};
      const bearer = init.token === undefined ? token : init.token;
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      if (init.type !== undefined) headers["content-type"] = init.type;
      const response = await fetch(`${service.url}${path}`, { method, headers, ...(init.body === undefined ? {} : { body: init.body }) });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
    }

    const postFlow = (init: Parameters<typeof call>[2]) => call("POST", "/api/v2/flows", init);

    /** An error reply: the status, the table's code, and a body that follows ErrorResponseContent. */
    function expectError(reply: Reply, status: number, errorCode: string): void {
      expect({ status: reply.status, errorCode: reply.body.errorCode }).toEqual({ status, errorCode });
      expect(validateErrorBody(reply.body), schemaErrors()).toBe(true);
      expect(reply.body.statusCode).toBe(status);
      expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
    }

    it("creates a flow from a JSON body", async () => {
      const reply = await postFlow({ type: "application/json", body: JSON.stringify({ name: "Sign-up", actions: [{ id: "noop", type: "FLOW", action: "DO_NOTHING" }] }) });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ name: "Sign-up", actions: [{ id: "noop", type: "FLOW", action: "DO_NOTHING" }] });
      expect(reply.body.id).toMatch(/^af_[1-9A-HJ-NP-Za-km-z]{22}$/);
    });

    it("creates a flow from a form body, typed by decodeFormBody", async () => {
      const body = "name=Form+flow&actions[0][id]=noop&actions[0][type]=FLOW&actions[0][action]=DO_NOTHING&actions[0][allow_failure]=true";
      const reply = await postFlow({ type: "application/x-www-form-urlencoded", body });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ name: "Form flow", actions: [{ id: "noop", allow_failure: true }] });
    });

    it("answers a bad body with 400 and every issue", async () => {
      const reply = await postFlow({ type: "application/json", body: JSON.stringify({ name: "", extra: 1 }) });
      expectError(reply, 400, "invalid_request");
      expect(reply.body.issues).toEqual([expect.objectContaining({ code: "unknown_property", path: "/extra" }), expect.objectContaining({ code: "too_short", path: "/name" })]);
      expect(reply.body.message).toBe('Invalid request body: /extra: property "extra" is not allowed here (and 1 more)');
    });

    it("answers a body that is not JSON with 400", async () => {
      const reply = await postFlow({ type: "application/json; charset=utf-8", body: "{name:" });
      expectError(reply, 400, "invalid_request");
      expect(reply.body.issues).toEqual([expect.objectContaining({ code: "invalid_syntax", path: "" })]);
    });

    it("answers a missing scope with 403 naming the scope", async () => {
      const narrow = await signToken(key, { clientId: GLOBAL_CLIENT, scope: "read:flows" });
      const reply = await postFlow({ token: narrow, type: "application/json", body: '{"name":"x"}' });
      expectError(reply, 403, "insufficient_scope");
      expect(reply.body).toMatchObject({ error: "Forbidden", message: "Insufficient scope, expected any of: create:flows" });
      expect(reply.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="create:flows"');
    });

    it("answers a client that is not global with 401", async () => {
      const other = await signToken(key, { clientId: "some-app", scope: "create:flows" });
      const reply = await postFlow({ token: other, type: "application/json", body: '{"name":"x"}' });
      expectError(reply, 401, "client_not_global");
      expect(reply.body.message).toBe("Client is not global");
    });

    it("answers a missing, a malformed and an expired token with 401 invalid_token", async () => {
      const missing = await postFlow({ token: null, type: "application/json", body: '{"name":"x"}' });
      expectError(missing, 401, "invalid_token");
      expect(missing.headers.get("www-authenticate")).toBe("Bearer");
      expectError(await postFlow({ token: "not.a.jwt", type: "application/json", body: '{"name":"x"}' }), 401, "invalid_token");
      const expired = await signToken(key, { clientId: GLOBAL_CLIENT, scope: "create:flows", expiresIn: "-1m" });
      expectError(await postFlow({ token: expired, type: "application/json", body: '{"name":"x"}' }), 401, "invalid_token");
    });

    it("answers a token signed by another key with 401 invalid_signature", async () => {
      const forged = await signToken(await createLocalKey(), { clientId: GLOBAL_CLIENT, scope: "create:flows" });
      expectError(await postFlow({ token: forged, type: "application/json", body: '{"name":"x"}' }), 401, "invalid_signature");
    });

    it("answers a content type the operation does not take with 415", async () => {
      const reply = await postFlow({ type: "text/plain", body: '{"name":"x"}' });
      expectError(reply, 415, "unsupported_media_type");
      expect(reply.headers.get("accept-post")).toBe("application/json, application/x-www-form-urlencoded");
      expectError(await postFlow({ type: "application/json; charset=iso-8859-1", body: '{"name":"x"}' }), 415, "unsupported_media_type");
    });

    it("answers a body past the limit with 413", async () => {
      const reply = await postFlow({ type: "application/json", body: JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES) }) });
      expectError(reply, 413, "content_too_large");
    });

    it("replaces an API's permissions and says what the replacement removed", async () => {
      const patch = (scopes: unknown[], init: { token?: string; type?: string } = {}) =>
        call("PATCH", "/api/v2/resource-servers/api_1", { type: "application/json", body: JSON.stringify({ scopes }), ...init });
      expect((await patch([{ value: "read:reports" }, { value: "delete:reports" }])).status).toBe(201);
      const reply = await patch([{ value: "read:reports", description: "Read" }]);
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ id: "api_1", changes: { added: [], removed: [{ value: "delete:reports" }] } });
      expectError(await patch([{ value: "" }]), 400, "invalid_request");
      expectError(await patch([], { type: "application/x-www-form-urlencoded" }), 415, "unsupported_media_type");
      const onlyFlows = await signToken(key, { clientId: GLOBAL_CLIENT, scope: "create:flows" });
      const denied = await patch([], { token: onlyFlows });
      expectError(denied, 403, "insufficient_scope");
      expect(denied.body.message).toBe("Insufficient scope, expected any of: update:resource_servers");
    });
  });
}
