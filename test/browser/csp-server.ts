/**
 * A static server on the loopback interface only (127.0.0.1, a port the system picks) that sends
 * every response with the Content-Security-Policy under test, and records what was asked of it.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ServedFile {
  readonly contentType: string;
  readonly body: string | Uint8Array;
}

export interface CspServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Every path requested, in order, with the status it got. */
  readonly requests: ReadonlyArray<{ readonly path: string; readonly status: number }>;
  close(): Promise<void>;
}

export async function serveWithPolicy(files: ReadonlyMap<string, ServedFile>, policy: string): Promise<CspServer> {
  const requests: { path: string; status: number }[] = [];
  const send = (response: ServerResponse, status: number, file: ServedFile) => {
    response.writeHead(status, {
      "content-type": file.contentType,
      "content-security-policy": policy,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    });
    response.end(file.body);
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    const file = request.method === "GET" ? files.get(path) : undefined;
    const status = file ? 200 : request.method === "GET" ? 404 : 405;
    requests.push({ path, status });
    send(response, status, file ?? { contentType: "text/plain; charset=utf-8", body: `${status}\n` });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
