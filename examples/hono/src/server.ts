/** Runs the hono example on Node: `npm start` in examples/hono (PORT, default 3000). */
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadOrCreateLocalKey } from "../../shared/local-key.ts";
import { configFromEnv } from "../../shared/service-config.ts";

const key = await loadOrCreateLocalKey();
const port = Number(process.env.PORT ?? 3000);
serve({ fetch: createApp(configFromEnv(key.publicKey)).fetch, port }, (info) => {
  process.stdout.write(`hono example on http://localhost:${info.port}\n`);
});
