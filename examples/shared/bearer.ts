/**
 * Bearer tokens verified with jose: the claims for the request check, or why there are none. The
 * check answers a missing or invalid token itself (claims null); a signature that does not verify
 * has its own row in the spec's error table, which the service sends with errorResponse.
 */
import { errors, jwtVerify, type CryptoKey, type JWTPayload } from "jose";
import { ALGORITHM, AUDIENCE, ISSUER } from "./local-key.ts";

export type Authentication =
  | { readonly claims: JWTPayload }
  | { readonly claims: null; readonly refused: "invalid_token" | "invalid_signature" };

const NO_TOKEN: Authentication = { claims: null, refused: "invalid_token" };

export async function authenticate(authorization: string | null | undefined, key: CryptoKey): Promise<Authentication> {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization ?? "");
  if (match === null) return NO_TOKEN;
  try {
    const { payload } = await jwtVerify(match[1]!, key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    return { claims: payload };
  } catch (error) {
    return { claims: null, refused: error instanceof errors.JWSSignatureVerificationFailed ? "invalid_signature" : "invalid_token" };
  }
}
