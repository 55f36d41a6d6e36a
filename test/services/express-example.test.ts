/** examples/express, started in process on a loopback port and driven over HTTP. */
import type { AddressInfo } from "node:net";
import { createApp } from "../../examples/express/src/app.ts";
import { describeExampleService } from "./support/example-service.ts";

describeExampleService("express", async (config) => {
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const listening = createApp(config).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
});
