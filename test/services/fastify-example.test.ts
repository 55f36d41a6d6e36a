/** examples/fastify, started in process on a loopback port and driven over HTTP. */
import { createApp } from "../../examples/fastify/src/app.ts";
import { describeExampleService } from "./support/example-service.ts";

describeExampleService("fastify", async (config) => {
  const app = createApp(config);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, close: () => app.close() };
});
