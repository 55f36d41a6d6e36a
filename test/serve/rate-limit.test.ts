/**
 * The rate limit: per client, a fixed window, the three headers on every response (readable by the
 * validator's own `parseRateLimitHeaders`), and 429 past the limit with the spec's error row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiter } from "../../generator/src/serve/rate-limiter.ts";
import type { RunningServe } from "../../generator/src/serve/server.ts";
import { schemaErrors, validateErrorBody } from "../services/support/error-schema.ts";
import { ADMIN, APP, call, clientToken, startStandIn } from "./support/stand-in.ts";

describe("RateLimiter", () => {
  it("counts per key within a window aligned to epoch time, and starts again in the next", () => {
    let now = 1_700_000_005_000;
    const limiter = new RateLimiter(2, 10, () => now);
    expect(limiter.take("a")).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 1_700_000_010 });
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.take("a")).toMatchObject({ allowed: false, remaining: 0 });
    expect(limiter.take("b")).toMatchObject({ allowed: true, remaining: 1 });
    now = 1_700_000_010_000;
    expect(limiter.take("a")).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 1_700_000_020 });
  });
});

describe("flowspec serve: rate limit", () => {
  const LIMIT = 5;
  let serve: RunningServe;

  beforeAll(async () => {
    serve = await startStandIn({ config: { rateLimit: { limit: LIMIT, windowSeconds: 3600 } } });
  });
  afterAll(() => serve?.close());

  it("puts the three headers on every response, the validator reads them, and refuses past the limit with 429", async () => {
    const { validator } = serve.context;
    // The token request counts for the admin client: one of its five.
    const admin = await clientToken(serve.url, ADMIN);
    const post = () => call(serve.url, "POST", "/api/v2/flows", { token: admin, type: "application/json", body: '{"name":"f"}' });
    const replies = [];
    for (let i = 0; i < LIMIT; i++) replies.push(await post());
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 429]);
    const remaining = replies.map((r) => {
      const parsed = validator.parseRateLimitHeaders(r.headers);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      expect(parsed.value.limit).toBe(LIMIT);
      expect(parsed.value.reset % 3600).toBe(0);
      expect(parsed.value.reset).toBeGreaterThan(Date.now() / 1000);
      return parsed.value.remaining;
    });
    expect(remaining).toEqual([3, 2, 1, 0, 0]);
    const refused = replies[LIMIT - 1]!;
    expect(refused.body).toMatchObject({ statusCode: 429, errorCode: "too_many_requests" });
    expect(validateErrorBody(refused.body), schemaErrors()).toBe(true);
  });

  it("counts each client apart, and every response carries the headers, errors and documents included", async () => {
    const app = await clientToken(serve.url, APP);
    const refused = await call(serve.url, "POST", "/api/v2/flows", { token: app, type: "application/json", body: "{}" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 2));
    for (const path of ["/openapi.json", "/.well-known/jwks.json", "/nowhere"]) {
      expect((await call(serve.url, "GET", path)).headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
    }
  });
});
