/**
 * Reading back what the stand-in created, at the vendor's read paths: `GET` a flow under the path
 * flows are created on, and `GET` an API at the path its permissions are replaced on. The spec has
 * no read operations, so these are the stand-in's own: a verified management token from a global
 * client reads them (a missing or bad token answers the management table's 401 row, a client that
 * is not global its `client_not_global` row); an unknown id is 404.
 */
import type { ServeContext } from "../context.js";
import type { Exchange } from "../exchange.js";
import type { Route } from "../router.js";

/** The read routes, from the write routes of the OpenAPI document. */
export function readBackRoutes(routes: readonly Route[]): { readonly flow: readonly string[]; readonly api: readonly string[] } | null {
  const create = routes.find((r) => r.operationId === "post_flows");
  const replace = routes.find((r) => r.operationId === "patch_resource_server_scopes");
  return create && replace ? { flow: [...create.segments, "{id}"], api: replace.segments } : null;
}

/** The id in `pathname` when it is one of the read paths. */
export function matchReadBack(paths: ReturnType<typeof readBackRoutes>, pathname: string): { readonly kind: "flow" | "api"; readonly id: string } | null {
  if (paths === null) return null;
  const segments = pathname.split("/").slice(1);
  for (const kind of ["flow", "api"] as const) {
    const pattern = paths[kind];
    if (pattern.length !== segments.length || segments[segments.length - 1] === "") continue;
    if (!pattern.every((p, i) => p.startsWith("{") || p === segments[i])) continue;
    try {
      return { kind, id: decodeURIComponent(segments[segments.length - 1]!) };
    } catch {
      return null;
    }
  }
  return null;
}

export async function readBack(ctx: ServeContext, ex: Exchange, target: { readonly kind: "flow" | "api"; readonly id: string }): Promise<void> {
  const verification = await ctx.tokens.verify(ex.req.headers.authorization, ctx.audiences.management);
  const claims = verification.claims;
  const id = claims?.azp ?? claims?.client_id;
  ex.client = typeof id === "string" ? id : null;
  // Counted as the management operations count: a verified client in its own window, anyone else by address.
  const decision = claims !== null && ex.client !== null ? ex.limit(ctx.limiter, `client:${ex.client}`) : ex.limit(ctx.anonymousLimiter, `address:${ex.remote}`);
  if (!decision.allowed) return ex.error(ctx.validator.errorResponse("post_flows", "too_many_requests"));
  if (claims === null) return ex.error(ctx.validator.errorResponse("post_flows", verification.refused));
  if (!ctx.validator.isGlobalClient(claims, ctx.config.clients.filter((c) => c.global).map((c) => c.id))) return ex.error(ctx.validator.errorResponse("post_flows", "client_not_global"));
  const found = target.kind === "flow" ? ctx.flows.get(target.id) : ctx.resourceServers.has(target.id) ? { id: target.id, scopes: ctx.resourceServers.scopesOf(target.id) } : undefined;
  if (found === undefined) return ex.problem(404, "not_found", `no ${target.kind === "flow" ? "flow" : "API"} with the id ${JSON.stringify(target.id)}`);
  return ex.json(200, found);
}
