/**
 * Errors of the authorization server's endpoints, answered from the spec's error table in its OAuth
 * 2.0 shape (RFC 6749 §5.2): a handler names the row's code and what went wrong in this case; the
 * table gives the status and the message, and the served validator's `errorResponse` the body.
 */
import type { ValidationIssue } from "@flowspec/validator";
import type { ErrorCodes } from "@flowspec/validator/service";
import type { Exchange } from "./exchange.js";
import type { ValidatorPackage } from "../payload/validator-module.js";

export type AuthorizationServerOperation = "get_authorize" | "post_oauth_token" | "post_passkey_challenge";

/** A code of the table's rows for the token endpoint (the challenge and authorize endpoints use a subset). */
export type OAuthErrorCode = ErrorCodes["post_oauth_token"] | ErrorCodes["get_authorize"];

export interface OAuthError {
  readonly error: OAuthErrorCode;
  /** What went wrong in this case, after the table's message. */
  readonly description: string;
  readonly issues?: readonly ValidationIssue[];
}

export function oauthError(error: OAuthErrorCode, description: string, issues?: readonly ValidationIssue[]): OAuthError {
  return issues !== undefined && issues.length > 0 ? { error, description, issues } : { error, description };
}

export function isOAuthError(value: unknown): value is OAuthError {
  return typeof value === "object" && value !== null && "error" in value && "description" in value && !("access_token" in value);
}

/** The table's row as the response; a client that authenticated with HTTP Basic is told how to retry (RFC 6749 §5.2). */
export async function sendOAuthError(ex: Exchange, validator: ValidatorPackage, operation: AuthorizationServerOperation, e: OAuthError): Promise<void> {
  const challenge = e.error === "invalid_client" && /^Basic /i.test(ex.req.headers.authorization ?? "") ? { "www-authenticate": 'Basic realm="oauth"' } : {};
  const response = (validator.errorResponse as (op: string, code: string, options: object) => ReturnType<ValidatorPackage["errorResponse"]>)(operation, e.error, {
    detail: e.description,
    headers: { ...challenge, ...ex.rateHeaders },
    ...(e.issues !== undefined && { issues: e.issues }),
  });
  await ex.error(response);
}
