/**
 * Access tokens the stand-in issues and verifies: JWTs signed with its key, with the claims the
 * request check reads (`azp`, `client_id`, `scope`) and those every verifier checks (`iss`, `aud`,
 * `exp`). A signature that does not verify is told apart from every other fault, because the spec's
 * error table gives it its own 401 row (authentication rule 4).
 */
import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { SIGNING_ALGORITHM, type SigningKey } from "./signing-key.js";

export type Verification = { readonly claims: JWTPayload } | { readonly claims: null; readonly refused: "invalid_token" | "invalid_signature" };

const NO_TOKEN: Verification = { claims: null, refused: "invalid_token" };

/** RFC 6750 §2.1: `Bearer` and the token68 characters. */
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/** How far the clocks of the stand-in and its clients may disagree, in seconds. */
const CLOCK_TOLERANCE_S = 5;

/**
 * A compact JWS as the stand-in writes one (RFC 7515 §7.1): three base64url parts without padding,
 * each the only spelling of its bytes (no stray low bits in the last character). jose decodes more
 * leniently, so one token could be written several ways.
 */
function isCanonicalJws(token: string): boolean {
  const parts = token.split(".");
  return parts.length === 3 && parts.every((part) => /^[A-Za-z0-9_-]*$/.test(part) && Buffer.from(part, "base64url").toString("base64url") === part);
}

/** The token names no key, or the stand-in's own: a token for another key id is not ours to check. */
function namesOurKey(token: string, kid: string): boolean {
  try {
    const header = decodeProtectedHeader(token);
    return header.kid === undefined || header.kid === kid;
  } catch {
    return false;
  }
}

export interface TokenGrant {
  readonly clientId: string;
  readonly audience: string;
  readonly scopes: readonly string[];
  /** `{client}@clients` for client credentials, the user otherwise. */
  readonly subject: string;
  /** The grant, as the vendor's `gty` claim names it. */
  readonly grantType: string;
}

export class TokenIssuer {
  readonly issuer: string;

  constructor(
    private readonly key: SigningKey,
    domain: string,
    readonly lifetimeSeconds: number,
  ) {
    this.issuer = `https://${domain}/`;
  }

  async issue(grant: TokenGrant): Promise<string> {
    return new SignJWT({ azp: grant.clientId, client_id: grant.clientId, scope: grant.scopes.join(" "), gty: grant.grantType })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: "JWT", kid: this.key.kid })
      .setIssuer(this.issuer)
      .setAudience(grant.audience)
      .setSubject(grant.subject)
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(this.key.privateKey);
  }

  /** An OpenID Connect ID token for a user flow that asked for `openid`. */
  async issueIdToken(clientId: string, subject: string, nonce: string | undefined): Promise<string> {
    return new SignJWT(nonce !== undefined ? { nonce } : {})
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: "JWT", kid: this.key.kid })
      .setIssuer(this.issuer)
      .setAudience(clientId)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(this.key.privateKey);
  }

  /**
   * The claims of an `Authorization: Bearer …` token for `audience`, or why there are none. Strict
   * in separate steps: the token's spelling, its key id, then jose with `exp` and `iat` required and
   * an `iat` in the future refused (a token without `exp` would never expire).
   */
  async verify(authorization: string | undefined, audience: string): Promise<Verification> {
    const match = BEARER.exec(authorization ?? "");
    if (match === null) return NO_TOKEN;
    const token = match[1]!;
    if (!isCanonicalJws(token) || !namesOurKey(token, this.key.kid)) return NO_TOKEN;
    try {
      const { payload } = await jwtVerify(token, this.key.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        issuer: this.issuer,
        audience,
        requiredClaims: ["exp", "iat"],
        maxTokenAge: this.lifetimeSeconds,
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      return { claims: payload };
    } catch (error) {
      return { claims: null, refused: error instanceof errors.JWSSignatureVerificationFailed ? "invalid_signature" : "invalid_token" };
    }
  }

  jwks(): { readonly keys: readonly object[] } {
    return { keys: [this.key.publicJwk] };
  }
}
