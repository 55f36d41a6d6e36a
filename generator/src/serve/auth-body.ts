/**
 * The body of an authorization-server request: JSON, or a form where the endpoint takes one
 * (the SDKs send the client-credentials and code grants form-encoded, RFC 6749 §4.1.3), decoded
 * with the validator's `decodeFormBody` so a form means what the same JSON means.
 */
import type { Exchange } from "./exchange.js";
import { invalidRequest, oauthError, type OAuthError } from "./oauth-errors.js";
import type { ValidatorPackage } from "./served-packages.js";

export const JSON_TYPE = "application/json";
export const FORM_TYPE = "application/x-www-form-urlencoded";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The media type's essence, when its charset (if any) is UTF-8 (RFC 9110 §8.3.1). */
function mediaType(header: string | undefined): string | null {
  if (header === undefined) return null;
  const [essence, ...params] = header.split(";").map((part) => part.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith("charset="))?.slice("charset=".length).replace(/^"|"$/g, "");
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") return null;
  return essence ?? null;
}

export type ParsedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: OAuthError };

function refused(error: OAuthError): ParsedBody {
  return { ok: false, error };
}

export async function parseAuthBody(ex: Exchange, validator: ValidatorPackage, accepted: readonly string[]): Promise<ParsedBody> {
  const { bytes, tooLarge } = await ex.body();
  if (tooLarge) return refused(oauthError(413, "invalid_request", "the request body is too large"));
  const type = mediaType(ex.req.headers["content-type"]);
  if (type === null || !accepted.includes(type)) return refused(oauthError(415, "unsupported_media_type", `the body must be one of: ${accepted.join(", ")} (UTF-8)`));
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return refused(oauthError(400, "invalid_request", "the body is not UTF-8"));
  }
  if (type === FORM_TYPE) {
    const decoded = validator.decodeFormBody(text);
    return decoded.ok ? { ok: true, value: decoded.value } : refused(invalidRequest(decoded.issues));
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return refused(oauthError(400, "invalid_request", `the body is not JSON: ${(error as Error).message}`));
  }
}

/** The body as a record of its fields, or null when it is not a JSON object. */
export function fieldsOf(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
