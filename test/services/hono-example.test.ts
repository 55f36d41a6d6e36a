/** examples/hono, served by @hono/node-server in process on a loopback port and driven over HTTP. */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../../examples/hono/src/app.ts";
import { describeExampleService } from "./support/example-service.ts";

describeExampleService("hono", async (config) => {
  const app = createApp(config);
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve({ server: started, port: info.port }));
  });
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
});
