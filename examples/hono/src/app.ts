/**
 * The hono service: POST /api/v2/flows and PATCH /api/v2/resource-servers/:id, on the Fetch API
 * (so it also runs on Deno, Bun and edge runtimes). The request check reads the bytes and picks the
 * decoder from Content-Type.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createRequestCheck, errorResponse, type ErrorResponse } from "@flowspec/validator/service";
import { authenticate } from "../../shared/bearer.ts";
import { createFlow, ResourceServers } from "../../shared/flows-store.ts";
import type { ServiceConfig } from "../../shared/service-config.ts";

/** The management operations this service answers (the authorization server's answer in another body shape). */
type ManagementOperation = "post_flows" | "patch_resource_server_scopes";

function send(c: Context, response: ErrorResponse): Response {
  return c.json(response.body, response.status as ContentfulStatusCode, response.headers);
}

/** Hono stops a body past the limit while reading it: answer with the operation's 413 row. */
function limit(operation: ManagementOperation, maxSize: number) {
  return bodyLimit({ maxSize, onError: (c) => send(c, errorResponse(operation, "content_too_large")) });
}

export function createApp(config: ServiceConfig): Hono {
  const checkCreateFlow = createRequestCheck("post_flows", { globalClients: config.globalClients, maxBodyBytes: config.maxBodyBytes });
  const checkReplaceScopes = createRequestCheck("patch_resource_server_scopes", { globalClients: config.globalClients, maxBodyBytes: config.maxBodyBytes });
  const resourceServers = new ResourceServers();
  const app = new Hono();

  async function serviceRequest(c: Context) {
    const auth = await authenticate(c.req.header("authorization"), config.verifyKey);
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    return { auth, request: { method: c.req.method, headers: c.req.raw.headers, rawBody, claims: auth.claims } };
  }

  app.post("/api/v2/flows", limit("post_flows", config.maxBodyBytes), async (c) => {
    const { auth, request } = await serviceRequest(c);
    if (auth.claims === null && auth.refused === "invalid_signature") return send(c, errorResponse("post_flows", "invalid_signature"));
    const result = checkCreateFlow(request);
    if (!result.ok) return send(c, result.response);
    return c.json(createFlow(result.value), 201);
  });

  app.patch("/api/v2/resource-servers/:id", limit("patch_resource_server_scopes", config.maxBodyBytes), async (c) => {
    const { auth, request } = await serviceRequest(c);
    if (auth.claims === null && auth.refused === "invalid_signature") return send(c, errorResponse("patch_resource_server_scopes", "invalid_signature"));
    const result = checkReplaceScopes(request);
    if (!result.ok) return send(c, result.response);
    return c.json(resourceServers.replaceScopes(c.req.param("id"), result.value.scopes), 201);
  });

  return app;
}
