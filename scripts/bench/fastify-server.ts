/**
 * The stand-in's peer in scripts/bench-serve.ts: POST /api/v2/flows as a minimal service would
 * write it with Fastify, jose and Ajv. It verifies the bearer token with jose (RS256, issuer,
 * audience, expiry) against the key the stand-in publishes, requires the `create:flows` scope,
 * checks the body with Ajv on the published JSON Schema (the validator benchmark's instance: its
 * discriminator option, the spec's formats), and answers 201 with the created flow. No rate limit,
 * no content-type rules beyond Fastify's own, and no check of its own answer: less work than the
 * stand-in does, which is what makes it the bar.
 *
 *   node --import tsx scripts/bench/fastify-server.ts <issuer> <audience> <jwks url>
 *
 * Prints its base URL once it listens; stops on SIGTERM.
 */
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { importJWK, jwtVerify, type JWK } from "jose";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import { IrPeers } from "./ir-peers.js";
import { ajvValidator } from "./peers.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const [issuer, audience, jwksUrl] = process.argv.slice(2) as [string, string, string];

const jwks = (await (await fetch(jwksUrl)).json()) as { keys: JWK[] };
const key = await importJWK(jwks.keys[0]!, "RS256");
const validate = ajvValidator(new IrPeers(loadIr({ specDir: `${ROOT}spec` }).ir!), false);

const refuse = (status: number, error: string, errorCode: string, message: string) => ({ statusCode: status, error, message, errorCode });

const app = Fastify();
app.post("/api/v2/flows", async (request, reply) => {
  const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  if (token === undefined) return reply.code(401).send(refuse(401, "Unauthorized", "invalid_token", "Missing authentication"));
  let scope: unknown;
  try {
    ({ payload: { scope } } = await jwtVerify(token, key, { issuer, audience, algorithms: ["RS256"] }));
  } catch {
    return reply.code(401).send(refuse(401, "Unauthorized", "invalid_token", "Invalid token"));
  }
  if (typeof scope !== "string" || !scope.split(" ").includes("create:flows")) return reply.code(403).send(refuse(403, "Forbidden", "insufficient_scope", "Insufficient scope, expected: create:flows"));
  if (!validate(request.body)) return reply.code(400).send(refuse(400, "Bad Request", "invalid_body", JSON.stringify(validate.errors)));
  const now = new Date().toISOString();
  return reply.code(201).send({ id: `af_${randomUUID().replaceAll("-", "")}`, ...(request.body as object), created_at: now, updated_at: now });
});

const url = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(url);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
