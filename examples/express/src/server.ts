/** Runs the express example: `npm start` in examples/express (PORT, default 3000). */
import { createApp } from "./app.ts";
import { loadOrCreateLocalKey } from "../../shared/local-key.ts";
import { configFromEnv } from "../../shared/service-config.ts";

const key = await loadOrCreateLocalKey();
const port = Number(process.env.PORT ?? 3000);
createApp(configFromEnv(key.publicKey)).listen(port, () => {
  process.stdout.write(`express example on http://localhost:${port}\n`);
});
