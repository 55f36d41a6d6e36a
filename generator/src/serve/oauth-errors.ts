/**
 * Errors of the authorization server's endpoints. The spec's error table covers the management
 * operations only; these endpoints answer as OAuth 2.0 does (RFC 6749 §5.2, and what the vendor's
 * SDKs read): `{ error, error_description }`, plus the validator's `issues` when the request does
 * not follow its record.
 */
import type { ValidationIssue } from "@flowspec/validator";
import type { Exchange } from "./exchange.js";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "access_denied"
  | "too_many_requests"
  | "unsupported_media_type";

export interface OAuthError {
  readonly status: number;
  readonly error: OAuthErrorCode;
  readonly description: string;
  readonly issues?: readonly ValidationIssue[];
}

export function oauthError(status: number, error: OAuthErrorCode, description: string, issues?: readonly ValidationIssue[]): OAuthError {
  return issues !== undefined && issues.length > 0 ? { status, error, description, issues } : { status, error, description };
}

/** A 400 for a request its record rejects: the first issue in words, every issue in `issues`. */
export function invalidRequest(issues: readonly ValidationIssue[]): OAuthError {
  const first = issues[0];
  const where = first === undefined ? "" : first.path === "" ? `: ${first.message}` : `: ${first.path}: ${first.message}`;
  return oauthError(400, "invalid_request", `the request does not follow its definition${where}`, issues);
}

export function isOAuthError(value: unknown): value is OAuthError {
  return typeof value === "object" && value !== null && "error" in value && "status" in value && "description" in value;
}

export async function sendOAuthError(ex: Exchange, e: OAuthError): Promise<void> {
  // RFC 6749 §5.2: a client that authenticated with HTTP Basic is told how to retry.
  const challenge = e.status === 401 && /^Basic /i.test(ex.req.headers.authorization ?? "") ? { "www-authenticate": 'Basic realm="oauth"' } : {};
  const body = { error: e.error, error_description: e.description, ...(e.issues !== undefined && { issues: e.issues }) };
  await ex.json(e.status, body, { ...challenge, "cache-control": "no-store" });
}
