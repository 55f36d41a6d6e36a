/**
 * Error responses from rows of the spec's error table, in the vendor's public body shape
 * `{ statusCode, error, message, errorCode }` (plus `issues` on a 400), with the headers HTTP asks
 * for: `WWW-Authenticate` on 401 and 403 (RFC 6750 §3), `Accept-Post`/`Accept-Patch` on 415,
 * `Allow` on 405.
 */
import type { ValidationIssue } from "../public-types.js";
import type { ErrorResponse, ErrorResponseBody, OAuthErrorBody } from "./public-types.js";
import type { ErrorRowData, ServiceOperationData } from "./tables.js";

/** RFC 9110 §15 (and RFC 6585 for 429): the reason phrase of each status the helpers answer. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? (status >= 500 ? "Server Error" : "Client Error");
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** A quoted-string (RFC 9110 §5.6.4) of a message from the spec. */
function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, "\\$&").replace(/[^\t\x20-\x7e]/g, "")}"`;
}

/** The issue as one line: `/name: must have at least 1 character`. */
function issueLine(issue: ValidationIssue): string {
  return issue.path === "" ? issue.message : `${issue.path}: ${issue.message}`;
}

/** The table's message, and on a 400 the first issue and how many more there are. */
function messageWith(row: ErrorRowData, issues: readonly ValidationIssue[] | undefined): string {
  if (issues === undefined || issues.length === 0) return row.message;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `${row.message}: ${issueLine(issues[0]!)}${more}`;
}

export interface ResponseExtras {
  readonly issues?: readonly ValidationIssue[] | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** For a 401: whether the request carried credentials at all (RFC 6750 §3.1 then omits `error`). */
  readonly credentialsGiven?: boolean;
}

function authenticate(op: ServiceOperationData, row: ErrorRowData, message: string, extras: ResponseExtras): string | null {
  // The authorization server takes no token: its 401 is about the client (RFC 6749 §5.2 asks for
  // WWW-Authenticate only when the client used HTTP Basic, which the service knows, not the table).
  if (op.errorStyle === "oauth") return null;
  if (row.status === 401) {
    return extras.credentialsGiven === false ? "Bearer" : `Bearer error="invalid_token", error_description=${quoted(message)}`;
  }
  if (row.status === 403 && op.scope !== null) return `Bearer error="insufficient_scope", scope=${quoted(op.scope)}`;
  return null;
}

function statusHeaders(op: ServiceOperationData, row: ErrorRowData, message: string, extras: ResponseExtras): Record<string, string> {
  const headers: Record<string, string> = { "content-type": JSON_CONTENT_TYPE };
  // RFC 6749 §5.1: the token endpoint's answers are not stored.
  if (op.errorStyle === "oauth") headers["cache-control"] = "no-store";
  const challenge = authenticate(op, row, message, extras);
  if (challenge !== null) headers["www-authenticate"] = challenge;
  // RFC 5789 §3.1 asks a 415 to PATCH for Accept-Patch; Accept-Post (W3C LDP) is its POST twin.
  if (row.status === 415 && (op.method === "PATCH" || op.method === "POST")) headers[`accept-${op.method.toLowerCase()}`] = op.contentTypes.join(", ");
  if (row.status === 405) headers.allow = op.method;
  return headers;
}

/** The body in the interface's style: the vendor's management shape, or OAuth 2.0's. */
function bodyFor(op: ServiceOperationData, row: ErrorRowData, message: string): ErrorResponseBody | OAuthErrorBody {
  switch (op.errorStyle) {
    case "vendor":
      return { statusCode: row.status, error: reasonPhrase(row.status), message, errorCode: row.code };
    case "oauth":
      return { error: row.code, error_description: message };
    default: {
      const never: never = op.errorStyle;
      throw new TypeError(`unknown error style ${String(never)}`);
    }
  }
}

export function responseFor(op: ServiceOperationData, row: ErrorRowData, extras: ResponseExtras = {}): ErrorResponse {
  const message = messageWith(row, extras.issues);
  // One response type for both styles: the declarations give each operation its body (ErrorBodies).
  const body = bodyFor(op, row, message) as ErrorResponseBody;
  const headers = statusHeaders(op, row, message, extras);
  if (extras.headers !== undefined) for (const [name, value] of Object.entries(extras.headers)) headers[name.toLowerCase()] = String(value);
  return {
    status: row.status,
    headers,
    body: extras.issues !== undefined && extras.issues.length > 0 ? { ...body, issues: extras.issues } : body,
  };
}

/** The one answer that is not a row of the table: a request with another method is a routing mistake. */
export function methodNotAllowed(op: ServiceOperationData): ErrorResponse {
  return responseFor(op, { status: 405, code: "method_not_allowed", message: `Method not allowed, expected ${op.method}` });
}

/** For an operation or code the table lacks: the service asked for something the spec does not have. */
export function unknownError(what: string): ErrorResponse {
  const message = `No such error in the spec's table: ${what.slice(0, 200)}`;
  return {
    status: 500,
    headers: { "content-type": JSON_CONTENT_TYPE },
    body: { statusCode: 500, error: reasonPhrase(500), message, errorCode: "unknown_error" },
  };
}
