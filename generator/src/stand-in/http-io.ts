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
 * The body when it has arrived whole (most often with the head) and Node holds it: taken at once,
 * without listeners or waiting for events; null while some of it is still to come.
 */
export function readWholeBody(req: IncomingMessage, maxBytes: number): ReadBody | null {
  if (!req.complete) return null;
  const bytes = (req.read() as Buffer | null) ?? Buffer.alloc(0);
  return bytes.length > maxBytes ? { bytes: bytes.subarray(0, maxBytes + 1), tooLarge: true } : { bytes, tooLarge: false };
}

/**
 * The body, read up to `maxBytes` + 1 bytes: enough for a check to see it is too large without
 * the stand-in holding what a client may send without end.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<ReadBody> {
  const whole = readWholeBody(req, maxBytes);
  if (whole !== null) return Promise.resolve(whole);
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
    // A client that goes away mid-body: nothing to answer. Node closes every request once it is
    // answered, so the error (and its stack) is made only when the body did not end.
    req.once("close", () => {
      if (!req.complete) reject(new Error("the client closed the connection before its body ended"));
    });
  });
}

/**
 * Every value of the header `name` (lower case), in the order sent: what Node's `headersDistinct`
 * holds for it, read from the raw list without building that object for every header.
 */
export function headerValues(req: IncomingMessage, name: string): string[] | undefined {
  const raw = req.rawHeaders;
  let values: string[] | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const field = raw[i]!;
    if (field.length === name.length && field.toLowerCase() === name) (values ??= []).push(raw[i + 1]!);
  }
  return values;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * With its length declared, a body goes out in one write with the head; without it, Node would
 * send it chunked, in several. The head is handed to Node as one flat list of names and values,
 * built in one pass over `headers`: no copy of the object per header added.
 */
export function send(res: ServerResponse, status: number, headers: Headers, body?: string, contentType?: string): void {
  const lines: string[] = [];
  for (const name in headers) {
    if ((contentType !== undefined && name === "content-type") || (body !== undefined && name === "content-length")) continue;
    lines.push(name, headers[name]!);
  }
  if (contentType !== undefined) lines.push("content-type", contentType);
  if (body !== undefined) lines.push("content-length", String(Buffer.byteLength(body)));
  res.writeHead(status, lines);
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, headers: Headers, body: unknown): void {
  send(res, status, headers, jsonText(body), JSON_TYPE);
}

/** A JSON body already written as text. */
export function sendJsonText(res: ServerResponse, status: number, headers: Headers, text: string): void {
  send(res, status, headers, text, JSON_TYPE);
}

/**
 * JSON.stringify, and where the engine's stack cannot hold the value's depth (a valid flow may
 * nest `vars` thousands deep), the same text written with a stack of our own.
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return deepJsonText(value);
  }
}

/** The JSON text of plain data (what JSON.parse and the validators produce), without recursion. */
function deepJsonText(root: unknown): string {
  const out: string[] = [];
  // Each frame is a value to write, or a literal piece of text (a comma, a key, a closing bracket).
  const stack: ({ readonly text: string } | { readonly value: unknown })[] = [{ value: root }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ("text" in frame) {
      out.push(frame.text);
      continue;
    }
    const value = frame.value;
    if (value === null || typeof value !== "object") {
      out.push(JSON.stringify(value) ?? "null");
      continue;
    }
    const entries: [string | null, unknown][] = Array.isArray(value) ? value.map((v) => [null, v]) : Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
    out.push(Array.isArray(value) ? "[" : "{");
    stack.push({ text: Array.isArray(value) ? "]" : "}" });
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, v] = entries[i]!;
      stack.push({ value: v });
      stack.push({ text: `${i > 0 ? "," : ""}${key === null ? "" : `${JSON.stringify(key)}:`}` });
    }
  }
  return out.join("");
}
