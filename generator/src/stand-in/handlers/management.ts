/**
 * The management operations: POST /api/v2/flows and PATCH /api/v2/resource-servers/{api_id}. jose
 * verifies the token; the served validator's request check does the rest in the spec's order (401
 * no token, 401 client not global, 403 scope, 415, 413, 400), so the stand-in answers exactly as a
 * service built on `@flowspec/validator` does. The rate limit counts per client once the token is
 * verified; a request without a valid token counts under its address, apart. A fault (a `Prefer:
 * error=<code>` header, or the config's scenario) answers with that row of the operation's error
 * table once the call is counted.
 *
 * Nothing is read that cannot be used: a request refused on its headers alone (no token, a client
 * that is not global, a scope missing, a content type or a Content-Length that cannot pass) is
 * answered before its body is read, and its connection closed, so a body the caller may not send
 * costs the stand-in nothing. A body that has already arrived whole (it came with the head) is
 * taken first, so a request that passes is checked once; a refusal then answers the same way.
 */
import type { CreateFlowRequestContent, UpdateResourceServerScopesRequestContent } from "@flowspec/validator";
import type { RequestCheck } from "@flowspec/validator/service";
import type { Handler, ServeContext } from "../context.js";
import type { Exchange } from "../exchange.js";
import { FAULT_HEADER, faultFor, faultResponse } from "../../../runtime/fixtures/faults.js";
import { headerValues, jsonText } from "../http-io.js";
import { newFlowId } from "../state.js";
import type { Verification } from "../tokens.js";

/** The management operations, whose error-table rows a fault may ask for. */
export const MANAGEMENT_OPERATIONS = ["post_flows", "patch_resource_server_scopes"] as const;
type ManagementOperation = (typeof MANAGEMENT_OPERATIONS)[number];

/** The token's client (`azp`, else `client_id`), as the request check reads it. */
function clientOf(verification: Verification): string | null {
  const claims = verification.claims;
  const id = claims?.azp ?? claims?.client_id;
  return typeof id === "string" ? id : null;
}

/**
 * Verifies the token, counts the request and runs the check: the typed body, or null once the
 * refusal is sent.
 */
async function checked<T>(ctx: ServeContext, ex: Exchange, operation: ManagementOperation, check: RequestCheck<T>): Promise<T | null> {
  // Two Authorization headers name no one token: as if none were sent.
  const repeated = (headerValues(ex.req, "authorization")?.length ?? 0) > 1;
  const verification = await ctx.tokens.verify(repeated ? undefined : ex.req.headers.authorization, ctx.audiences.management);
  const clientId = clientOf(verification);
  ex.client = clientId;
  const decision = clientId !== null ? ex.limit(ctx.limiter, `client:${clientId}`) : ex.limit(ctx.anonymousLimiter, `address:${ex.remote}`);
  const fault = faultFor(ctx.scenario, operation, ex.req.headers[FAULT_HEADER]);
  if (!decision.allowed) {
    await ex.refuseUnread(ctx.validator.errorResponse(operation, "too_many_requests", { headers: ex.rateHeaders }));
    return null;
  }
  if (fault !== null) {
    await ex.error(faultResponse(ctx.validator.errorResponse, operation, fault, ex.rateHeaders));
    return null;
  }
  if (verification.claims === null && verification.refused === "invalid_signature") {
    await ex.refuseUnread(ctx.validator.errorResponse(operation, "invalid_signature"));
    return null;
  }
  // The headers as the check reads them, a repeated Content-Type as a list (Node keeps the first);
  // Node's own object when it holds every value.
  const types = headerValues(ex.req, "content-type");
  const headers = types !== undefined && types.length > 1 ? { ...ex.req.headers, "content-type": types } : ex.req.headers;
  const method = ex.req.method ?? "";
  const request = { method, headers, claims: verification.claims };
  // A body that has arrived whole costs nothing more to read: when one check with it passes,
  // that is the answer. Otherwise the two steps below answer as they would have without it.
  // With a token that passed, the body is looked for after the rest of the read is parsed too.
  const pending = verification.claims !== null ? ex.wholeBodyThisTurn() : ex.wholeBody();
  const whole = pending instanceof Promise ? await pending : pending;
  if (whole !== null) {
    const result = check({ method, headers, claims: verification.claims, rawBody: whole.bytes });
    if (result.ok) return result.value;
  }
  // Without a body, the check answers everything the headers decide (401, 403, 415, 413 on
  // Content-Length); its only other answer is the 400 for a missing body, which reading settles.
  const early = check(request);
  if (!early.ok && early.response.status !== 400) {
    await ex.refuseUnread(early.response);
    return null;
  }
  const result = check({ ...request, rawBody: (await ex.body()).bytes });
  if (!result.ok) {
    await ex.error(result.response);
    return null;
  }
  return result.value;
}

export function managementHandlers(ctx: ServeContext): Record<ManagementOperation, Handler> {
  const options = { globalClients: ctx.config.clients.filter((c) => c.global).map((c) => c.id), maxBodyBytes: ctx.config.maxBodyBytes };
  const checkCreateFlow = ctx.validator.createRequestCheck("post_flows", options);
  const checkReplaceScopes = ctx.validator.createRequestCheck("patch_resource_server_scopes", options);

  return {
    post_flows: async (ex) => {
      const request: CreateFlowRequestContent | null = await checked(ctx, ex, "post_flows", checkCreateFlow);
      if (request === null) return;
      const now = new Date().toISOString();
      const flow = { id: newFlowId(), ...request, created_at: now, updated_at: now };
      // That the answer follows CreateFlowResponseContent is the tests' to hold (test/serve checks
      // every created flow it is answered), not a check of the stand-in's own code on every request.
      const text = jsonText(flow);
      ctx.flows.put(flow.id, text);
      await ex.jsonText(201, text);
    },

    patch_resource_server_scopes: async (ex) => {
      const request: UpdateResourceServerScopesRequestContent | null = await checked(ctx, ex, "patch_resource_server_scopes", checkReplaceScopes);
      if (request === null) return;
      const id = ex.params.api_id!;
      // Replace-all: the list sent is the whole list now; anything left out is gone.
      ctx.resourceServers.replace(id, request.scopes);
      await ex.json(201, { id, scopes: ctx.resourceServers.scopesOf(id) });
    },
  };
}
