/**
 * `cache-control: no-cache` on PATCH /resource-servers/{api_id}: the seed shows it in the request,
 * nothing says a request without it is refused, so flowspec documents it and requires it nowhere
 * (disagreement D21). The spec, openapi.json, the request check and `flowspec serve` agree.
 */
import { describe, expect, it } from "vitest";
import openApi from "../../packages/schema/openapi.json" with { type: "json" };
import { createRequestCheck } from "../../packages/validator/dist/service.js";
import { realIr } from "../support/spec-ir.ts";
import { ADMIN, call, clientToken, startStandIn } from "../serve/support/stand-in.ts";

const body = JSON.stringify({ scopes: [{ value: "read:reports", description: "Read reports" }] });

describe("cache-control on PATCH /resource-servers/{api_id}", () => {
  it("is documented and not required in the spec and in openapi.json", () => {
    const header = realIr().operations.find((op) => op.id === "patch_resource_server_scopes")!.headers.find((h) => h.name === "cache-control");
    expect(header).toEqual({ name: "cache-control", value: "no-cache", required: false });
    const parameters = (openApi.paths as Record<string, { patch?: { parameters?: { name: string; in: string; required: boolean }[] } }>)["/api/v2/resource-servers/{api_id}"]!.patch!.parameters!;
    expect(parameters.find((p) => p.name === "cache-control")).toMatchObject({ in: "header", required: false });
  });

  it("is not asked for by the request check or by flowspec serve", async () => {
    const check = createRequestCheck("patch_resource_server_scopes", { globalClients: [ADMIN.id] });
    const claims = { azp: ADMIN.id, scope: "update:resource_servers" };
    expect(check({ method: "PATCH", headers: { "content-type": "application/json" }, rawBody: body, claims }).ok).toBe(true);
    const serve = await startStandIn();
    try {
      const token = await clientToken(serve.url, ADMIN);
      expect((await call(serve.url, "PATCH", "/api/v2/resource-servers/api_cc", { token, type: "application/json", body })).status).toBe(201);
    } finally {
      await serve.close();
    }
  });
});
