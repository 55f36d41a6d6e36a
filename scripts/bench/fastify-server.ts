/**
 * The stand-in's peer in scripts/bench-serve.ts: POST /api/v2/flows as a small service would write
 * it with Fastify, jose and Ajv. It verifies the bearer token with jose (RS256, issuer, audience,
 * expiry) against the key the stand-in publishes, requires the `create:flows` scope, checks the
 * body with Ajv, and answers 201 with the created flow.
 *
 * `alike` (the default) answers as the stand-in does: the rate limit per client with its three
 * headers (the stand-in's fixed window, so the same work), the same id format, and the created
 * flow kept (the last 10,000, as JSON text, as the stand-in keeps them). `minimal` leaves those
 * out. Either way it does less than the stand-in: no request log, no strict spelling of the token
 * or its claims beyond jose's, and Fastify's own content-type rules.
 *
 * Ajv checks the body against the OpenAPI document's schemas, which keep OpenAPI's `discriminator`
 * (the JSON Schema files leave it out: it is not a JSON Schema keyword), with Ajv's `discriminator`
 * option, as a Fastify service built from the OpenAPI document would: without it, Ajv tries each of
 * the 25 types and their actions for every action, about 16 µs per action here instead of about 1.
 * Ajv's discriminator takes no `mapping` (it finds each member by its `const`), so the mappings,
 * which name the same members, are dropped.
 *
 *   node --import tsx scripts/bench/fastify-server.ts <issuer> <audience> <jwks url> [alike|minimal] [rate limit]
 *
 * Prints its base URL once it listens; stops on SIGTERM.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import Fastify from "fastify";
import { importJWK, jwtVerify, type JWK } from "jose";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import { DEFAULT_CONFIG } from "../../generator/src/stand-in/config.js";
import { RateLimiter, rateLimitHeaders } from "../../generator/src/stand-in/rate-limiter.js";
import { newFlowId } from "../../generator/src/stand-in/state.js";
import { IrPeers } from "./ir-peers.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const [issuer, audience, jwksUrl, mode = "alike", rateLimit = String(DEFAULT_CONFIG.rateLimit.limit)] = process.argv.slice(2) as [string, string, string, string?, string?];
const alike = mode === "alike";
const limiter = new RateLimiter(Number(rateLimit), DEFAULT_CONFIG.rateLimit.windowSeconds);
const created = new Map<string, string>();

const jwks = (await (await fetch(jwksUrl)).json()) as { keys: JWK[] };
const key = await importJWK(jwks.keys[0]!, "RS256");
const validate = openApiValidator("CreateFlowRequestContent");

/** Ajv 8 with the OpenAPI document's schemas, its discriminators and the spec's formats: `name`'s validate function. */
function openApiValidator(name: string): ValidateFunction {
  const peers = new IrPeers(loadIr({ specDir: `${ROOT}spec` }).ir!);
  const formats = Object.fromEntries([...peers.formats].map(([format, check]) => [format, peers.patterns.get(format) ?? check]));
  const document = JSON.parse(readFileSync(`${ROOT}packages/schema/openapi.json`, "utf8")) as { components: { schemas: Record<string, { discriminator?: { mapping?: unknown } }> } };
  for (const schema of Object.values(document.components.schemas)) delete schema.discriminator?.mapping;
  const ajv = new Ajv2020({ strict: false, discriminator: true, ownProperties: true, formats });
  ajv.addSchema({ $id: "https://flowspec.dev/openapi.json", components: document.components });
  return ajv.getSchema(`https://flowspec.dev/openapi.json#/components/schemas/${name}`)!;
}

const refuse = (status: number, error: string, errorCode: string, message: string) => ({ statusCode: status, error, message, errorCode });

const app = Fastify();
app.post("/api/v2/flows", async (request, reply) => {
  const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  if (token === undefined) return reply.code(401).send(refuse(401, "Unauthorized", "invalid_token", "Missing authentication"));
  let scope: unknown;
  let client: unknown;
  try {
    ({ payload: { scope, azp: client } } = await jwtVerify(token, key, { issuer, audience, algorithms: ["RS256"] }));
  } catch {
    return reply.code(401).send(refuse(401, "Unauthorized", "invalid_token", "Invalid token"));
  }
  if (alike) {
    const decision = limiter.take(`client:${String(client)}`);
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) return reply.code(429).send(refuse(429, "Too Many Requests", "too_many_requests", "Too many requests"));
  }
  if (typeof scope !== "string" || !scope.split(" ").includes("create:flows")) return reply.code(403).send(refuse(403, "Forbidden", "insufficient_scope", "Insufficient scope, expected: create:flows"));
  if (!validate(request.body)) return reply.code(400).send(refuse(400, "Bad Request", "invalid_body", JSON.stringify(validate.errors)));
  const now = new Date().toISOString();
  const flow = { id: newFlowId(), ...(request.body as object), created_at: now, updated_at: now };
  if (!alike) return reply.code(201).send(flow);
  const text = JSON.stringify(flow);
  created.set(flow.id, text);
  if (created.size > DEFAULT_CONFIG.limits.maxStoredFlows) created.delete(created.keys().next().value!);
  return reply.code(201).type("application/json; charset=utf-8").send(text);
});

const url = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(url);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
