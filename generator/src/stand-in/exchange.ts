/**
 * One request and its response, as every handler sees them: the path and URL, the path parameters,
 * and replies that always carry the caller's rate-limit headers once the caller is known.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { ErrorResponse, OAuthErrorBody } from "@flowspec/validator/service";
import { readBody, readWholeBody, send, sendJson, sendJsonText, type Headers, type ReadBody } from "./http-io.js";
import { rateLimitHeaders, type RateLimitDecision, type RateLimiter } from "./rate-limiter.js";

const CLOSE: Headers = { connection: "close" };

/** A body is announced: a length other than 0, or a transfer coding. */
function hasAnnouncedBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}
/** What a reply sent at once returns: the handlers' `await` on it costs no promise of its own. */
const DONE: Promise<void> = Promise.resolve();

export class Exchange {
  #rateHeaders: Headers = {};
  #body: Promise<ReadBody> | null = null;
  /** The body once read: known without waiting, so a reply after it is sent at once. */
  #read: ReadBody | null = null;
  /** The body was read only because it had arrived whole (`wholeBody`). */
  #readAhead = false;
  /** For the request log: the client a token named, and the code of an error answered. */
  client: string | null = null;
  errorCode: string | null = null;

  #url: URL | null;

  /** `url`: the target parsed, or null when it is a plain path (`pathname`), parsed when asked for. */
  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly pathname: string,
    url: URL | null,
    public params: Readonly<Record<string, string>>,
    private readonly maxBodyBytes: number,
  ) {
    this.#url = url;
  }

  get url(): URL {
    this.#url ??= new URL(`http://stand-in${this.pathname}`);
    return this.#url;
  }

  /** The path parameters, once the route is known. */
  withParams(params: Readonly<Record<string, string>>): this {
    this.params = params;
    return this;
  }

  /** The caller's address, the rate-limit key of a request that names no client. */
  get remote(): string {
    return this.req.socket.remoteAddress ?? "unknown";
  }

  /** The body, read once (at most the limit plus one byte). */
  body(): Promise<ReadBody> {
    if (this.#body === null) {
      const whole = readWholeBody(this.req, this.maxBodyBytes);
      this.#read = whole;
      this.#body = whole !== null ? Promise.resolve(whole) : readBody(this.req, this.maxBodyBytes).then((body) => (this.#read = body));
    }
    return this.#body;
  }

  /**
   * The body if it has arrived whole, when reading it costs nothing more (null otherwise, and
   * nothing is read): a refusal sent after it still answers as though it were unread.
   */
  wholeBody(): ReadBody | null {
    if (this.#body !== null) return null;
    const whole = readWholeBody(this.req, this.maxBodyBytes);
    if (whole === null) return null;
    this.#readAhead = true;
    this.#read = whole;
    this.#body = Promise.resolve(whole);
    return whole;
  }

  /**
   * `wholeBody()`, looked for once more after the loop's turn when a body is announced and not in
   * yet. Node calls the request handler as soon as the head is parsed, before it parses the rest of
   * the same read (most often the whole body): a handler that has not waited on anything since (a
   * token remembered) would find the body missing, build the check's 400 for it and throw that away,
   * and set up listeners to read what has already arrived.
   */
  wholeBodyThisTurn(): ReadBody | Promise<ReadBody | null> | null {
    const whole = this.wholeBody();
    if (whole !== null || this.#body !== null || !hasAnnouncedBody(this.req)) return whole;
    return new Promise((resolve) => setImmediate(() => resolve(this.wholeBody())));
  }

  /** Counts the request against `key`'s window; every reply from now on carries the headers. */
  limit(limiter: RateLimiter, key: string): RateLimitDecision {
    const decision = limiter.take(key);
    this.#rateHeaders = rateLimitHeaders(decision);
    return decision;
  }

  get rateHeaders(): Headers {
    return this.#rateHeaders;
  }

  /**
   * Runs `reply` with `Connection: close` when a body was left unread past the limit (close the
   * connection rather than read the rest): at once when no body is read or it is in (every
   * handler's answer), after it when it is still coming.
   */
  #afterBody(reply: (closing: boolean) => void): Promise<void> {
    if (this.#body === null || this.#read !== null) {
      reply(this.#read?.tooLarge === true);
      return DONE;
    }
    return this.#body.then((read) => reply(read.tooLarge));
  }

  json(status: number, body: unknown, headers: Headers = {}): Promise<void> {
    // An OAuth error (RFC 6749 §5.2) names its code in `error`; the table's errors in `errorCode`.
    if (status >= 400 && this.errorCode === null && body !== null && typeof body === "object") {
      const code = (body as { errorCode?: unknown; error?: unknown }).errorCode ?? (body as { error?: unknown }).error;
      if (typeof code === "string") this.errorCode = code;
    }
    return this.#afterBody((closing) => sendJson(this.res, status, { ...(closing ? CLOSE : {}), ...headers, ...this.#rateHeaders }, body));
  }

  /** A success whose JSON text the caller has written already (and keeps). */
  jsonText(status: number, text: string): Promise<void> {
    return this.#afterBody((closing) => sendJsonText(this.res, status, closing ? { ...CLOSE, ...this.#rateHeaders } : this.#rateHeaders, text));
  }

  /**
   * A refusal decided before the body was read: sent at once with `Connection: close`, so Node
   * neither reads nor keeps the body the caller may still be sending.
   */
  refuseUnread(response: ErrorResponse): Promise<void> {
    this.#noteError(response.body);
    const unread = (this.#body === null || this.#readAhead) && hasAnnouncedBody(this.req);
    sendJson(this.res, response.status, { ...(unread ? CLOSE : {}), ...this.#rateHeaders, ...response.headers }, response.body);
    return DONE;
  }

  /** An error response of the validator (the spec's error table, in either body shape), sent as it is. */
  error(response: ErrorResponse<ErrorResponse["body"] | OAuthErrorBody>): Promise<void> {
    this.#noteError(response.body);
    // The response's own headers win: an injected 429 says remaining 0 and when to retry.
    return this.#afterBody((closing) => sendJson(this.res, response.status, { ...(closing ? CLOSE : {}), ...this.#rateHeaders, ...response.headers }, response.body));
  }

  /** The request log's code: the table's (`errorCode`, or OAuth's `error`) and the first issue's. */
  #noteError(body: ErrorResponse["body"] | OAuthErrorBody): void {
    const code = "errorCode" in body ? body.errorCode : body.error;
    const issue = "issues" in body ? body.issues?.[0]?.code : undefined;
    this.errorCode = issue !== undefined ? `${code}/${issue}` : code;
  }

  /**
   * An error outside the spec's table (an unknown path, a wrong method, a document requested too
   * often, a fault of the stand-in), in the same body shape as the table's errors.
   */
  problem(status: number, errorCode: string, message: string, headers: Headers = {}): Promise<void> {
    this.errorCode = errorCode;
    return this.json(status, { statusCode: status, error: STATUS_CODES[status] ?? "Error", message, errorCode }, headers);
  }

  redirect(location: string): void {
    send(this.res, 302, { location, "cache-control": "no-store", ...this.#rateHeaders });
  }
}
