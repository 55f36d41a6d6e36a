/**
 * The rate limit: per authenticated client, a fixed window, the three headers on every response
 * (readable by the validator's own `parseRateLimitHeaders`), and 429 past the limit with the spec's
 * error row and Retry-After. Token requests and unauthenticated callers are counted apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiter } from "../../generator/src/stand-in/rate-limiter.ts";
import type { RunningServe } from "../../generator/src/stand-in/server.ts";
import { schemaErrors, validateErrorBody } from "../services/support/error-schema.ts";
import { ADMIN, APP, call, clientToken, form, MANAGEMENT_AUDIENCE, startStandIn } from "./support/stand-in.ts";

describe("RateLimiter", () => {
  it("counts per key within a window aligned to epoch time, and starts again in the next", () => {
    let now = 1_700_000_005_000;
    const limiter = new RateLimiter(2, 10, () => now);
    expect(limiter.take("a")).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 1_700_000_010, retryAfter: 5 });
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.take("a")).toMatchObject({ allowed: false, remaining: 0 });
    expect(limiter.take("b")).toMatchObject({ allowed: true, remaining: 1 });
    now = 1_700_000_010_000;
    expect(limiter.take("a")).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 1_700_000_020, retryAfter: 10 });
  });
});

describe("flowspec serve: rate limit", () => {
  const LIMIT = 5;
  let serve: RunningServe;

  beforeAll(async () => {
    serve = await startStandIn({ config: { rateLimit: { limit: LIMIT, windowSeconds: 3600, tokenLimit: LIMIT, anonymousLimit: LIMIT } } });
  });
  afterAll(() => serve?.close());

  it("puts the three headers on every response, the validator reads them, and refuses past the limit with 429", async () => {
    const { validator } = serve.context;
    // The token request is counted apart (issue 25): the management API's five are all left.
    const admin = await clientToken(serve.url, ADMIN);
    const post = () => call(serve.url, "POST", "/api/v2/flows", { token: admin, type: "application/json", body: '{"name":"f"}' });
    const replies = [];
    for (let i = 0; i < LIMIT; i++) replies.push(await post());
    replies.push(await post());
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429]);
    const remaining = replies.map((r) => {
      const parsed = validator.parseRateLimitHeaders(r.headers);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      expect(parsed.value.limit).toBe(LIMIT);
      expect(parsed.value.reset % 3600).toBe(0);
      expect(parsed.value.reset).toBeGreaterThan(Date.now() / 1000);
      return parsed.value.remaining;
    });
    expect(remaining).toEqual([4, 3, 2, 1, 0, 0]);
    const refused = replies[LIMIT]!;
    expect(refused.body).toMatchObject({ statusCode: 429, errorCode: "too_many_requests" });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(validateErrorBody(refused.body), schemaErrors()).toBe(true);
  });

  it("counts each client apart, and every response carries the headers, errors and documents included", async () => {
    const app = await clientToken(serve.url, APP);
    const refused = await call(serve.url, "POST", "/api/v2/flows", { token: app, type: "application/json", body: "{}" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
    for (const path of ["/openapi.json", "/.well-known/jwks.json", "/nowhere"]) {
      expect((await call(serve.url, "GET", path)).headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
    }
  });
});

describe("flowspec serve: who is counted (issue 23)", () => {
  const LIMIT = 3;
  let serve: RunningServe;

  beforeAll(async () => {
    serve = await startStandIn({ config: { rateLimit: { limit: LIMIT, windowSeconds: 3600, tokenLimit: LIMIT, anonymousLimit: 1000 } } });
  });
  afterAll(() => serve?.close());

  const tokenRequest = (fields: Record<string, string>) => call(serve.url, "POST", "/oauth/token", { type: "application/x-www-form-urlencoded", body: form(fields) });

  it("never counts a wrong secret, or a client merely named, under that client", async () => {
    for (let i = 0; i < 3 * LIMIT; i++) {
      const wrong = await tokenRequest({ grant_type: "client_credentials", client_id: ADMIN.id, client_secret: `guess-${i}`, audience: MANAGEMENT_AUDIENCE });
      expect(wrong.status).toBe(401);
    }
    for (let i = 0; i < 3 * LIMIT; i++) expect((await call(serve.url, "POST", "/api/v2/flows", { token: `x.y.${i}`, type: "application/json", body: "{}" })).status).toBe(401);
    // The real admin still gets its token, and its management calls all pass.
    const admin = await clientToken(serve.url, ADMIN);
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await call(serve.url, "POST", "/api/v2/flows", { token: admin, type: "application/json", body: '{"name":"f"}' })).status);
    expect(statuses).toEqual([201, 201, 201]);
  });

  it("counts unauthenticated traffic by address, apart: random client ids reach 429", async () => {
    const strict = await startStandIn({ config: { rateLimit: { limit: 1000, windowSeconds: 3600, tokenLimit: 1000, anonymousLimit: 4 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await call(strict.url, "POST", "/oauth/token", { type: "application/x-www-form-urlencoded", body: form({ grant_type: "client_credentials", client_id: `random-${i}`, client_secret: "s", audience: MANAGEMENT_AUDIENCE }) })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // An authenticated client is counted apart from the address, and still served.
      expect(await clientToken(strict.url, ADMIN)).toMatch(/^ey/);
    } finally {
      await strict.close();
    }
  });
});
