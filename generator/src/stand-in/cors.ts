/**
 * CORS, so a browser application (or a test in a browser) can call the stand-in from its own
 * origin: every answer allows the caller's origin and exposes the headers clients read (rate
 * limit, Retry-After, WWW-Authenticate); a preflight is answered with the methods the path has and
 * the request headers the operations take. Tokens travel in `Authorization`, never in cookies, so
 * credentials mode is not offered.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { RATE_LIMIT_HEADERS } from "../spec-language/rate-limit-headers.js";

const ALLOWED_HEADERS = "authorization, content-type, cache-control, prefer";
const EXPOSED_HEADERS = [...RATE_LIMIT_HEADERS.map((name) => name.toLowerCase()), "retry-after", "www-authenticate", "location"].join(", ");
/** How long a browser may cache a preflight, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** Sets the headers every answer carries when the request comes from a browser origin. */
export function allowOrigin(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (typeof origin !== "string") return;
  res.setHeader("access-control-allow-origin", origin);
  res.setHeader("access-control-expose-headers", EXPOSED_HEADERS);
  res.setHeader("vary", "Origin");
}

/** Whether the request is a preflight (OPTIONS with Access-Control-Request-Method). */
export function isPreflight(req: IncomingMessage): boolean {
  return req.method === "OPTIONS" && typeof req.headers["access-control-request-method"] === "string";
}

export function answerPreflight(res: ServerResponse, methods: readonly string[]): void {
  res.writeHead(204, {
    "access-control-allow-methods": methods.join(", "),
    "access-control-allow-headers": ALLOWED_HEADERS,
    "access-control-max-age": String(PREFLIGHT_MAX_AGE),
  });
  res.end();
}
