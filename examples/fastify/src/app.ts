/**
 * The fastify service: POST /api/v2/flows and PATCH /api/v2/resource-servers/:id. Fastify hands
 * every body over as bytes; flowspec's request check picks the decoder from Content-Type.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { createRequestCheck, errorResponse, type ErrorResponse } from "@flowspec/validator/service";
import { authenticate } from "../../shared/bearer.ts";
import { createFlow, ResourceServers } from "../../shared/flows-store.ts";
import type { ServiceConfig } from "../../shared/service-config.ts";

/** The management operations this service answers (the authorization server's answer in another body shape). */
type ManagementOperation = "post_flows" | "patch_resource_server_scopes";

function send(reply: FastifyReply, response: ErrorResponse): FastifyReply {
  return reply.code(response.status).headers(response.headers).send(response.body);
}

/** The route's operation, for errors fastify raises before the handler runs. */
const OPERATIONS: Record<string, ManagementOperation> = {
  "/api/v2/flows": "post_flows",
  "/api/v2/resource-servers/:id": "patch_resource_server_scopes",
};

export function createApp(config: ServiceConfig): FastifyInstance {
  const checkCreateFlow = createRequestCheck("post_flows", { globalClients: config.globalClients, maxBodyBytes: config.maxBodyBytes });
  const checkReplaceScopes = createRequestCheck("patch_resource_server_scopes", { globalClients: config.globalClients, maxBodyBytes: config.maxBodyBytes });
  const resourceServers = new ResourceServers();
  const app = Fastify({ bodyLimit: config.maxBodyBytes });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  // A body past bodyLimit is refused by fastify before the handler: answer with the table's 413.
  app.setErrorHandler((error: { statusCode?: number }, req, reply) => {
    const operation = OPERATIONS[req.routeOptions.url ?? ""];
    if (operation === undefined) return reply.send(error);
    return send(reply, errorResponse(operation, error.statusCode === 413 ? "content_too_large" : "invalid_request"));
  });

  async function serviceRequest(req: FastifyRequest) {
    const auth = await authenticate(req.headers.authorization, config.verifyKey);
    const rawBody = Buffer.isBuffer(req.body) ? req.body : undefined;
    return { auth, request: { method: req.method, headers: req.headers, rawBody, claims: auth.claims } };
  }

  app.post("/api/v2/flows", async (req, reply) => {
    const { auth, request } = await serviceRequest(req);
    if (auth.claims === null && auth.refused === "invalid_signature") return send(reply, errorResponse("post_flows", "invalid_signature"));
    const result = checkCreateFlow(request);
    if (!result.ok) return send(reply, result.response);
    return reply.code(201).send(createFlow(result.value));
  });

  app.patch<{ Params: { id: string } }>("/api/v2/resource-servers/:id", async (req, reply) => {
    const { auth, request } = await serviceRequest(req);
    if (auth.claims === null && auth.refused === "invalid_signature") return send(reply, errorResponse("patch_resource_server_scopes", "invalid_signature"));
    const result = checkReplaceScopes(request);
    if (!result.ok) return send(reply, result.response);
    return reply.code(201).send(resourceServers.replaceScopes(req.params.id, result.value.scopes));
  });

  return app;
}
