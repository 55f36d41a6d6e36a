/**
 * `startServe()`: the stand-in as a function, so tests start it in process on port 0 and the
 * command is a thin shell around it. One node:http server; each request is routed by the OpenAPI
 * document's paths (the spec's operations) or to one of the documents clients fetch first.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServeContext, Handler } from "./context.js";
import { Exchange } from "./exchange.js";
import { authorizeHandler } from "./handlers/authorize.js";
import { documentHandlers } from "./handlers/documents.js";
import { managementHandlers } from "./handlers/management.js";
import { PASSKEY_TIMEOUT_MS, passkeyChallengeHandler } from "./handlers/passkey.js";
import { tokenHandler } from "./handlers/token.js";
import { RateLimiter } from "./rate-limiter.js";
import { Router, routesOf } from "./router.js";
import { DEFAULT_CONFIG, withDefaultClients, type ServeConfigInput } from "./config.js";
import { managementAudience, specFacts } from "./spec-facts.js";
import type { ServedPackages } from "./served-packages.js";
import { generateSigningKey, type SigningKey } from "./signing-key.js";
import { Scenario } from "../../runtime/fixtures/faults.js";
import { allowOrigin, answerPreflight, isPreflight } from "./cors.js";
import { matchReadBack, readBack, readBackRoutes } from "./handlers/read-back.js";
import { requestLogLine } from "./request-log.js";
import { CreatedFlows, OneUseStore, ResourceServers } from "./state.js";
import { TokenIssuer } from "./tokens.js";

/** How long an authorization code may be redeemed (RFC 6749 §4.1.2 recommends at most ten minutes). */
const CODE_LIFETIME_MS = 60_000;
/** How long a stop waits for requests under way. */
const CLOSE_GRACE_MS = 1000;

export interface ServeOptions extends ServedPackages {
  /** Without clients, the default clients of the served spec. */
  readonly config?: ServeConfigInput;
  /** The key to sign with; a new RS256 key when absent. */
  readonly signingKey?: SigningKey | null;
  /** Default 4010 (Prism's); 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1: a stand-in for tests has no business on other interfaces. */
  readonly host?: string;
  /** Gets one line per answered request (method, path, status, client, error code). */
  readonly log?: (line: string) => void;
}

export interface RunningServe {
  /** `http://127.0.0.1:4010` */
  readonly url: string;
  readonly context: ServeContext;
  /** Stops accepting connections, ends idle ones, and resolves when the server is closed. */
  close(): Promise<void>;
}

/** The operations the stand-in implements, by the OpenAPI document's operationId. */
function operationHandlers(ctx: ServeContext): Record<string, Handler> {
  return {
    ...managementHandlers(ctx),
    get_authorize: authorizeHandler(ctx),
    post_oauth_token: tokenHandler(ctx),
    post_passkey_challenge: passkeyChallengeHandler(ctx),
  };
}

/** Every operation of the document needs a handler; one without would answer 404 for a path the spec has. */
function checkCoverage(router: ReturnType<typeof routesOf>, handlers: Readonly<Record<string, Handler>>): void {
  const missing = router.filter((r) => !Object.hasOwn(handlers, r.operationId)).map((r) => r.operationId);
  const absent = Object.keys(handlers).filter((id) => !router.some((r) => r.operationId === id));
  if (missing.length > 0 || absent.length > 0) {
    throw new Error(`the OpenAPI document and the stand-in disagree: no handler for ${missing.join(", ") || "-"}; not in the document: ${absent.join(", ") || "-"}`);
  }
}

/**
 * A path the URL parser would give back unchanged: segments of unreserved characters (RFC 3986
 * §2.3), none empty or starting with a dot (no `.` or `..` to resolve), no query. Most requests'
 * targets are such paths, and their URL is parsed only if a handler asks for it.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\/?$|^\/$/;

/**
 * The request target as a URL: a path (origin form; `//[` is a path too, not a host) or an
 * absolute URL; null for anything else.
 */
function requestUrl(target: string): URL | null {
  try {
    return new URL(target.startsWith("/") ? `http://stand-in${target}` : target);
  } catch {
    return null;
  }
}

export async function startServe(options: ServeOptions): Promise<RunningServe> {
  const facts = specFacts(options);
  const config = withDefaultClients(options.config ?? DEFAULT_CONFIG, facts);
  const signingKey = options.signingKey ?? (await generateSigningKey());
  let baseUrl = "";
  const ctx: ServeContext = {
    config,
    validator: options.validator,
    openApi: options.openApi,
    facts,
    tokens: new TokenIssuer(signingKey, config.domain, config.tokenLifetimeSeconds),
    limiter: new RateLimiter(config.rateLimit.limit, config.rateLimit.windowSeconds),
    tokenLimiter: new RateLimiter(config.rateLimit.tokenLimit, config.rateLimit.windowSeconds),
    anonymousLimiter: new RateLimiter(config.rateLimit.anonymousLimit, config.rateLimit.windowSeconds),
    clients: new Map(config.clients.map((c) => [c.id, c])),
    resourceServers: new ResourceServers({ maxEntries: config.limits.maxStoredApis, maxItems: config.limits.maxStoredScopes }),
    flows: new CreatedFlows({ maxEntries: config.limits.maxStoredFlows, maxItems: Number.POSITIVE_INFINITY }),
    scenario: new Scenario(config.faults),
    codes: new OneUseStore(CODE_LIFETIME_MS, config.limits.maxPending),
    passkeySessions: new OneUseStore(PASSKEY_TIMEOUT_MS, config.limits.maxPending),
    audiences: { management: managementAudience(facts, config.domain), selfService: options.validator.selfServiceAudience(config.domain) },
    baseUrl: () => baseUrl,
  };
  const routes = routesOf(options.openApi);
  const handlers = operationHandlers(ctx);
  checkCoverage(routes, handlers);
  const router = new Router(routes);
  const documents = documentHandlers(ctx);
  const readPaths = readBackRoutes(routes);

  /** The methods a path answers, for a preflight. */
  function methodsAt(pathname: string): string[] {
    const match = router.match("OPTIONS", pathname);
    const methods = match.kind === "method" ? [...match.allow] : [];
    if (documents[pathname] !== undefined || matchReadBack(readPaths, pathname) !== null) methods.push("GET");
    return methods;
  }

  /** Not async: the handler's own promise is handed on, without another promise resolved with it. */
  function handle(ex: Exchange): Promise<void> {
    const { req, res, pathname } = ex;
    const method = req.method ?? "GET";
    allowOrigin(req, res);
    const preflight = isPreflight(req) ? methodsAt(pathname) : [];
    if (preflight.length > 0) {
      answerPreflight(res, preflight);
      return Promise.resolve();
    }
    const document = documents[pathname];
    if (document !== undefined && (method === "GET" || method === "HEAD")) return document(ex);
    const readTarget = method === "GET" ? matchReadBack(readPaths, pathname) : null;
    if (readTarget !== null) return readBack(ctx, ex, readTarget);
    const match = router.match(method, pathname);
    if (match.kind === "found") return handlers[match.operationId]!(ex.withParams(match.params));
    ex.limit(ctx.anonymousLimiter, `address:${ex.remote}`);
    if (match.kind === "method") return ex.problem(405, "method_not_allowed", `${method} is not allowed on ${pathname}; allowed: ${match.allow.join(", ")}`, { allow: match.allow.join(", ") });
    return ex.problem(404, "not_found", `no operation at ${method} ${pathname}`);
  }

  const limits = config.limits;
  const timeouts = {
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    // How often Node looks for requests past those timeouts (its default, 30 s, would let a held connection stay three times as long).
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  };
  const server = createServer({ maxHeaderSize: limits.maxHeaderBytes, ...timeouts }, (req, res) => {
    const target = req.url ?? "/";
    const plain = PLAIN_PATH.test(target);
    const url = plain ? null : requestUrl(target);
    const unusable = !plain && url === null;
    const ex = new Exchange(req, res, plain ? target : (url?.pathname ?? "/"), url, {}, config.maxBodyBytes);
    // `on`, not `once`: a response finishes once, and `once` wraps each listener in another.
    if (options.log !== undefined) res.on("finish", () => options.log!(requestLogLine(req, res, unusable ? null : ex)));
    if (unusable) {
      // A request target that is no path and no URL (`GET http://[`): the client's mistake, answered as such.
      ex.limit(ctx.anonymousLimiter, `address:${ex.remote}`);
      return void ex.problem(400, "invalid_request_target", "the request target is not a path or an absolute URL");
    }
    // A fault of the stand-in, never of the request: say so and keep serving.
    const fail = (error: unknown): void => {
      if (res.headersSent) return void res.destroy();
      const message = `the stand-in failed: ${error instanceof Error ? error.message : String(error)}`;
      res.writeHead(500, { "content-type": "application/json; charset=utf-8", connection: "close" });
      res.end(JSON.stringify({ statusCode: 500, error: "Internal Server Error", message, errorCode: "internal_error" }));
    };
    try {
      handle(ex).catch(fail);
    } catch (error) {
      fail(error);
    }
  });
  server.maxConnections = limits.maxConnections;
  // Node's header timeout starts with the first byte: a socket silent for as long is ended here.
  server.on("connection", (socket) => socket.setTimeout(timeouts.headersTimeout, () => socket.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url: baseUrl,
    context: ctx,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        // Requests under way get a moment to finish; then every connection is ended.
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      }),
  };
}
