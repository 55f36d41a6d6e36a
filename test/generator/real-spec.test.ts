/**
 * The real spec loads and holds everything the interface specification describes.
 */
import { describe, expect, it } from "vitest";
import { realSpecLoad } from "../support/spec-ir.js";

const { diagnostics, ir } = realSpecLoad();

describe("the real spec", () => {
  it("has no problems", () => {
    expect(diagnostics).toEqual([]);
    expect(ir).toBeDefined();
  });

  it("has 25 types and 61 unique (type, action) pairs", () => {
    const types = ir!.flowActions.types;
    expect(types).toHaveLength(25);
    const keys = types.flatMap((t) => t.variants.map((v) => v.key));
    expect(keys).toHaveLength(61);
    expect(new Set(keys).size).toBe(61);
    expect(keys).toContain("STRIPE:ADD_TAX_ID");
    expect(keys).toContain("FLOW:BOOLEAN_CONDITION");
  });

  it("keeps neither key unique alone: SEND_EMAIL exists under three types", () => {
    const owners = ir!.flowActions.types.filter((t) => t.variants.some((v) => v.action === "SEND_EMAIL")).map((t) => t.type);
    expect(owners).toEqual(["AUTH0", "MAILJET", "SENDGRID"]);
  });

  it("makes params optional only for FLOW/DO_NOTHING, as an empty closed object", () => {
    const optional = ir!.flowActions.types.flatMap((t) => t.variants).filter((v) => !v.paramsRequired);
    expect(optional.map((v) => v.key)).toEqual(["FLOW:DO_NOTHING"]);
    expect(optional[0]!.params).toMatchObject({ kind: "object", properties: [], additional: false });
  });

  it("requires `if` and recurses through then/else in FLOW/BOOLEAN_CONDITION", () => {
    const v = ir!.flowActions.types.find((t) => t.type === "FLOW")!.variants.find((x) => x.action === "BOOLEAN_CONDITION")!;
    expect(v.params.kind).toBe("object");
    if (v.params.kind !== "object") return;
    const byName = Object.fromEntries(v.params.properties.map((p) => [p.name, p]));
    expect(byName.if).toMatchObject({ required: true, schema: { kind: "any" } });
    expect(byName.then).toMatchObject({ required: false, schema: { kind: "array", items: { kind: "ref", target: "FlowAction" } } });
    expect(byName.else).toMatchObject({ required: false, schema: { kind: "array", items: { kind: "ref", target: "FlowAction" } } });
  });

  it("has the error table of POST /flows: the seed's rows, and 413 and 415 for the request check", () => {
    const rows = ir!.errors.filter((e) => e.operations.includes("post_flows")).map((e) => e.status);
    expect(rows).toEqual([400, 401, 401, 401, 403, 413, 415, 429]);
    const tooMany = ir!.errors.find((e) => e.status === 429)!;
    expect(tooMany.headers).toEqual(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]);
  });

  it("has the limits, the rate-limit headers and the operations with their scopes", () => {
    expect(ir!.limits.map((l) => l.id)).toEqual(["flow_name_length", "flow_id_length", "action_alias_length", "connection_id_length", "actions_per_flow"]);
    expect(ir!.rateLimits.headers.map((h) => h.name)).toEqual(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]);
    const ops = Object.fromEntries(ir!.operations.map((o) => [o.id, o]));
    expect(ops.post_flows).toMatchObject({ method: "POST", path: "/flows", scope: "create:flows", lifecycle: "GA", success: { status: 201 } });
    expect(ops.post_flows!.requestContentTypes).toEqual(["application/json", "application/x-www-form-urlencoded"]);
    expect(ops.patch_resource_server_scopes).toMatchObject({ method: "PATCH", scope: "update:resource_servers" });
    expect(Object.keys(ops).sort()).toEqual(["get_authorize", "patch_resource_server_scopes", "post_flows", "post_oauth_token", "post_passkey_challenge"]);
  });

  it("has the twelve authentication rules of the interface specification", () => {
    expect(ir!.authRules.map((r) => r.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("versions the management interface 2.0 under /api/v2 and self-service 1.0", () => {
    const byName = Object.fromEntries(ir!.interfaces.map((i) => [i.name, i]));
    expect(byName.management).toMatchObject({ version: "2.0", basePath: "/api/v2" });
    expect(byName["self-service"]).toMatchObject({ version: "1.0", audience: "https://{domain}/me/" });
    expect(ir!.lifecycle.map((l) => l.label)).toEqual(["GA", "Early Access", "Beta", "Deprecated", "Planned"]);
  });

  it("defines every format with its provenance", () => {
    const formats = Object.fromEntries(ir!.formats.map((f) => [f.name, f.provenance]));
    expect(formats).toEqual({
      date: "published",
      "date-time": "published",
      email: "observed",
      "flow-id": "observed",
      "flows-vault-connections-id": "observed",
      "forms-custom-identifier": "observed",
      "forms-expression": "observed",
    });
  });
});
