/** Runs the fastify example: `npm start` in examples/fastify (PORT, default 3000). */
import { createApp } from "./app.ts";
import { loadOrCreateLocalKey } from "../../shared/local-key.ts";
import { configFromEnv } from "../../shared/service-config.ts";

const key = await loadOrCreateLocalKey();
const port = Number(process.env.PORT ?? 3000);
const address = await createApp(configFromEnv(key.publicKey)).listen({ port, host: "127.0.0.1" });
process.stdout.write(`fastify example on ${address}\n`);
