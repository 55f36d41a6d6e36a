/**
 * Reading requests and writing responses on node:http, with no framework: a dev tool should start
 * fast and carry few dependencies.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export type Headers = Readonly<Record<string, string>>;

export interface ReadBody {
  readonly bytes: Buffer;
  /** More than the limit arrived: `bytes` holds the limit plus one byte, the rest was not read. */
  readonly tooLarge: boolean;
}

/**
 * The body, read up to `maxBytes` + 1 bytes: enough for a check to see it is too large without
 * the stand-in holding what a client may send without end.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) {
        req.off("data", onData);
        req.pause();
        resolve({ bytes: Buffer.concat(chunks).subarray(0, maxBytes + 1), tooLarge: true });
      }
    };
    req.on("data", onData);
    req.once("end", () => resolve({ bytes: Buffer.concat(chunks), tooLarge: false }));
    req.once("error", reject);
    // A client that goes away mid-body: nothing to answer (a no-op once the body was read).
    req.once("close", () => reject(new Error("the client closed the connection before its body ended")));
  });
}

/**
 * With its length declared, a body goes out in one write with the head; without it, Node would
 * send it chunked, in several.
 */
export function send(res: ServerResponse, status: number, headers: Headers, body?: string): void {
  res.writeHead(status, body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, headers: Headers, body: unknown): void {
  send(res, status, { ...headers, "content-type": "application/json; charset=utf-8" }, JSON.stringify(body));
}
