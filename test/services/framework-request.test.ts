/**
 * A Fastify request handed to the request check as it is: its `method` and `headers` are getters
 * of Fastify's Request class, and the check reads them as the handler's own code does (the
 * service's `claims` set on it, the body parsed by Fastify). Fastify's `inject`, no socket.
 */
import Fastify from "fastify";
import { afterAll, expect, it } from "vitest";
import { createRequestCheck } from "../../packages/validator/dist/service.js";

const check = createRequestCheck("post_flows", { globalClients: ["global-client"] });
const app = Fastify();
app.decorateRequest("claims", null);
app.post("/api/v2/flows", async (request, reply) => {
  (request as unknown as { claims: unknown }).claims = { azp: "global-client", scope: "create:flows" };
  const result = check(request as never);
  return result.ok ? reply.code(201).send(result.value) : reply.code(result.response.status).headers(result.response.headers).send(result.response.body);
});
afterAll(() => app.close());

it("checks a Fastify request passed whole", async () => {
  const created = await app.inject({ method: "POST", url: "/api/v2/flows", payload: { name: "x" } });
  expect(created.statusCode).toBe(201);
  const refused = await app.inject({ method: "POST", url: "/api/v2/flows", payload: { name: "" } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ errorCode: "invalid_request", issues: [expect.objectContaining({ path: "/name" })] });
});
