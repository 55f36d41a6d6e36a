/**
 * Recorded traffic → exchanges: HAR files (`log.entries`, as browsers and proxies save them) and
 * NDJSON, one `{method, path, headers, body, status, response}` object a line. Each exchange keeps
 * where it was recorded (`file:line` for NDJSON, `file#entries/3` for HAR), so every report names it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { toPosix } from "../load/spec-folder.js";
import { isJsonObject } from "../base/json-object.js";

/** One request and the response it got, as recorded. */
export interface RecordedExchange {
  /** Where it was recorded: `file:line` or `file#entries/N`. */
  readonly source: string;
  readonly method: string;
  /** The path with its query (`/api/v2/flows`, `/authorize?client_id=…`); an origin is dropped. */
  readonly path: string;
  /** Lower-case names; a repeated header keeps every value. */
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  /** The body as sent: text, or a JSON value when the recording holds it parsed; undefined when none. */
  readonly body: unknown;
  readonly status: number;
  /** The response body: a JSON value, or text that is not JSON; undefined when none. */
  readonly response: unknown;
}

export interface RecordingProblem {
  readonly source: string;
  readonly message: string;
}

export interface Recordings {
  readonly exchanges: RecordedExchange[];
  readonly problems: RecordingProblem[];
  readonly files: number;
}

/** The extensions a folder is searched for. */
const RECORDING_EXTENSIONS = [".har", ".ndjson", ".jsonl"] as const;

type Json = Record<string, unknown>;


/** Text that is JSON becomes its value; anything else stays text. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function withoutOrigin(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const rest = match ? url.slice(match[0].length) : url;
  return rest.startsWith("/") ? rest : `/${rest}`;
}

function headerRecord(entries: readonly (readonly [string, string])[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase();
    const before = out[name];
    out[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return out;
}

/** An NDJSON line's object → an exchange, or why it is not one. */
function exchangeFromObject(value: unknown, source: string): RecordedExchange | RecordingProblem {
  if (!isJsonObject(value)) return { source, message: "not a JSON object" };
  const { method, path, headers, body, status, response } = value;
  if (typeof method !== "string" || method === "") return { source, message: "`method` must be a string such as \"POST\"" };
  if (typeof path !== "string" || path === "") return { source, message: "`path` must be a string such as \"/api/v2/flows\"" };
  if (typeof status !== "number" || !Number.isInteger(status) || status < 100 || status > 599) return { source, message: "`status` must be the response's HTTP status (100–599)" };
  if (headers !== undefined && !isJsonObject(headers)) return { source, message: "`headers` must be an object of header names and values" };
  const pairs: [string, string][] = [];
  for (const [name, v] of Object.entries(headers ?? {})) {
    for (const one of Array.isArray(v) ? v : [v]) {
      if (typeof one !== "string" && typeof one !== "number") return { source, message: `header ${JSON.stringify(name)} must be a string` };
      pairs.push([name, String(one)]);
    }
  }
  return { source, method: method.toUpperCase(), path: withoutOrigin(path), headers: headerRecord(pairs), body, status, response };
}

function readNdjson(text: string, file: string): Recordings {
  const exchanges: RecordedExchange[] = [];
  const problems: RecordingProblem[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    const source = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problems.push({ source, message: `not JSON: ${(error as Error).message}` });
      continue;
    }
    const exchange = exchangeFromObject(value, source);
    if ("message" in exchange) problems.push(exchange);
    else exchanges.push(exchange);
  }
  return { exchanges, problems, files: 1 };
}

function harHeaders(list: unknown): [string, string][] {
  if (!Array.isArray(list)) return [];
  return list.filter((h): h is { name: string; value: string } => isJsonObject(h) && typeof h.name === "string" && typeof h.value === "string").map((h) => [h.name, h.value]);
}

function harContent(content: unknown): unknown {
  if (!isJsonObject(content) || typeof content.text !== "string" || content.text === "") return undefined;
  const text = content.encoding === "base64" ? Buffer.from(content.text, "base64").toString("utf8") : content.text;
  return jsonOrText(text);
}

/** A HAR entry: the request's postData text stays text (its Content-Type says how to read it). */
function harEntry(entry: unknown, source: string): RecordedExchange | RecordingProblem {
  if (!isJsonObject(entry) || !isJsonObject(entry.request) || !isJsonObject(entry.response)) return { source, message: "an entry needs `request` and `response`" };
  const { request, response } = entry;
  const postData = isJsonObject(request.postData) && typeof request.postData.text === "string" ? request.postData.text : undefined;
  const headers = harHeaders(request.headers);
  if (postData !== undefined && typeof (request.postData as Json).mimeType === "string" && !headers.some(([n]) => n.toLowerCase() === "content-type")) {
    headers.push(["content-type", (request.postData as Json).mimeType as string]);
  }
  return exchangeFromObject(
    { method: request.method, path: typeof request.url === "string" ? request.url : undefined, headers: Object.fromEntries(headers.map(([n, v]) => [n, v])), body: postData, status: response.status, response: harContent(response.content) },
    source,
  );
}

function readHar(text: string, file: string): Recordings {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { exchanges: [], problems: [{ source: file, message: `not JSON: ${(error as Error).message}` }], files: 1 };
  }
  const entries = isJsonObject(document) && isJsonObject(document.log) ? document.log.entries : undefined;
  if (!Array.isArray(entries)) return { exchanges: [], problems: [{ source: file, message: "not a HAR file: no `log.entries` list" }], files: 1 };
  const exchanges: RecordedExchange[] = [];
  const problems: RecordingProblem[] = [];
  entries.forEach((entry, i) => {
    const exchange = harEntry(entry, `${file}#entries/${i}`);
    if ("message" in exchange) problems.push(exchange);
    else exchanges.push(exchange);
  });
  return { exchanges, problems, files: 1 };
}

/** Every recording file at `path`: the file itself, or the files of a folder (recursively) with a recording extension. */
function recordingFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .filter((entry) => (RECORDING_EXTENSIONS as readonly string[]).includes(extname(entry).toLowerCase()))
    .map((entry) => join(path, entry))
    .filter((file) => statSync(file).isFile())
    .sort();
}

/** Reads every file (or folder of files); `.har` is HAR, anything else NDJSON. */
export function readRecordings(paths: readonly string[]): Recordings {
  const exchanges: RecordedExchange[] = [];
  const problems: RecordingProblem[] = [];
  let count = 0;
  for (const path of paths) {
    let files: string[];
    try {
      files = recordingFiles(path);
    } catch {
      problems.push({ source: toPosix(path), message: "cannot be read (no such file or folder)" });
      continue;
    }
    for (const file of files) {
      const shown = toPosix(file);
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(file));
      } catch {
        problems.push({ source: shown, message: "cannot be read as UTF-8 text" });
        continue;
      }
      const read = extname(file).toLowerCase() === ".har" ? readHar(text, shown) : readNdjson(text, shown);
      // One by one: a spread of a large file's exchanges would overflow the argument list.
      for (const exchange of read.exchanges) exchanges.push(exchange);
      for (const problem of read.problems) problems.push(problem);
      count++;
    }
  }
  return { exchanges, problems, files: count };
}
