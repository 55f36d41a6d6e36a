/**
 * The publisher's tests against the MSW handlers of @flowspec/fixtures/msw: no server runs, the
 * handlers answer as the vendor's API (and `flowspec serve`) do, tokens are real JWTs checked with
 * jose, and a scenario makes the API rate limit the first call or expire the token.
 */
import { variantFixtures } from "@flowspec/fixtures";
import { managementHandlers, type FaultRule } from "@flowspec/fixtures/msw";
import { generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from "jose";
import { setupServer } from "msw/node";
import { afterEach, beforeAll, expect, it } from "vitest";
import { publishFlow } from "../src/flow-publisher.ts";

const BASE = "https://tenant.example.com";
const AUDIENCE = `${BASE}/api/v2/`;
let keys: { publicKey: CryptoKey; privateKey: CryptoKey };
let token: string;
let stop: (() => void) | null = null;

beforeAll(async () => {
  keys = await generateKeyPair("RS256");
  token = await new SignJWT({ azp: "publisher", scope: "create:flows" }).setProtectedHeader({ alg: "RS256" }).setAudience(AUDIENCE).setExpirationTime("10m").sign(keys.privateKey);
});
afterEach(() => stop?.());

function api(faults: readonly FaultRule[] = []) {
  const handlers = managementHandlers({
    baseUrl: BASE,
    globalClients: ["publisher"],
    faults,
    verifyToken: async (authorization) => {
      try {
        return { claims: (await jwtVerify(authorization?.replace(/^Bearer /, "") ?? "", keys.publicKey, { audience: AUDIENCE })).payload };
      } catch {
        return { claims: null, refused: "invalid_token" };
      }
    },
  });
  const server = setupServer(...handlers.handlers);
  server.listen({ onUnhandledRequest: "error" });
  stop = () => server.close();
  return handlers;
}

const flow = { name: "Welcome", actions: [variantFixtures("SLACK:POST_MESSAGE").full] };
const options = { baseUrl: BASE, token: () => token, waitUntil: async () => {} };

it("publishes a flow and reads back what the API stored", async () => {
  const handlers = api();
  const result = await publishFlow(flow, options);
  expect(result).toMatchObject({ ok: true, flow: { ...flow, id: expect.stringMatching(/^af_/) } });
  expect(handlers.state.flows.size).toBe(1);
});

it("waits once when the API rate limits it", async () => {
  api([{ operation: "post_flows", call: 1, error: "too_many_requests" }]);
  expect(await publishFlow(flow, options)).toMatchObject({ ok: true });
});

it("gives up on a second 429, and reports an expired token", async () => {
  api([{ operation: "post_flows", from: 1, error: "too_many_requests" }]);
  expect(await publishFlow(flow, options)).toEqual({ ok: false, reason: "rate_limited", errorCode: "too_many_requests" });
  stop?.();
  api([{ from: 1, error: "invalid_token" }]);
  expect(await publishFlow(flow, options)).toEqual({ ok: false, reason: "token_expired", errorCode: "invalid_token" });
});

it("reports the issue when the flow itself is bad", async () => {
  api();
  expect(await publishFlow({ name: "" }, options)).toEqual({ ok: false, reason: "rejected", errorCode: "invalid_request" });
});
