/**
 * The express service: POST /api/v2/flows and PATCH /api/v2/resource-servers/:id, each checked by
 * flowspec's request check after jose has verified the bearer token.
 */
import express, { type ErrorRequestHandler, type Request, type Response } from "express";
import { createRequestCheck, errorResponse, type ErrorResponse } from "@flowspec/validator/service";
import { authenticate } from "../../shared/bearer.ts";
import { createFlow, ResourceServers } from "../../shared/flows-store.ts";
import type { ServiceConfig } from "../../shared/service-config.ts";

/** The management operations this service answers (the authorization server's answer in another body shape). */
type ManagementOperation = "post_flows" | "patch_resource_server_scopes";

function send(res: Response, response: ErrorResponse): void {
  res.status(response.status).set(response.headers).json(response.body);
}

/** The raw body, whatever its type: the request check picks the decoder from Content-Type. */
function rawBody(maxBodyBytes: number) {
  return express.raw({ type: () => true, limit: maxBodyBytes });
}

/** Errors of the body parser, answered with the operation's rows (a body past the limit is 413). */
function bodyErrors(operation: ManagementOperation): ErrorRequestHandler {
  return (error: { type?: string }, _req, res, next) => {
    if (res.headersSent) return next(error);
    send(res, errorResponse(operation, error.type === "entity.too.large" ? "content_too_large" : "invalid_request"));
  };
}

export function createApp(config: ServiceConfig): express.Express {
  const checkCreateFlow = createRequestCheck("post_flows", { globalClients: config.globalClients, maxBodyBytes: config.maxBodyBytes });
  const checkReplaceScopes = createRequestCheck("patch_resource_server_scopes", { globalClients: config.globalClients, maxBodyBytes: config.maxBodyBytes });
  const resourceServers = new ResourceServers();
  const app = express();

  /** The request as the check reads it; an empty body is `undefined` rather than express's `{}`. */
  async function serviceRequest(req: Request) {
    const auth = await authenticate(req.get("authorization"), config.verifyKey);
    const rawBody = Buffer.isBuffer(req.body) ? req.body : undefined;
    return { auth, request: { method: req.method, headers: req.headers, rawBody, claims: auth.claims } };
  }

  app.post("/api/v2/flows", rawBody(config.maxBodyBytes), async (req, res) => {
    const { auth, request } = await serviceRequest(req);
    if (auth.claims === null && auth.refused === "invalid_signature") return send(res, errorResponse("post_flows", "invalid_signature"));
    const result = checkCreateFlow(request);
    if (!result.ok) return send(res, result.response);
    res.status(201).json(createFlow(result.value));
  });
  app.use("/api/v2/flows", bodyErrors("post_flows"));

  app.patch("/api/v2/resource-servers/:id", rawBody(config.maxBodyBytes), async (req, res) => {
    const { auth, request } = await serviceRequest(req);
    if (auth.claims === null && auth.refused === "invalid_signature") return send(res, errorResponse("patch_resource_server_scopes", "invalid_signature"));
    const result = checkReplaceScopes(request);
    if (!result.ok) return send(res, result.response);
    res.status(201).json(resourceServers.replaceScopes(req.params.id, result.value.scopes));
  });
  app.use("/api/v2/resource-servers", bodyErrors("patch_resource_server_scopes"));

  return app;
}
