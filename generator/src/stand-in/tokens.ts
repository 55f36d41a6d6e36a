/**
 * Access tokens the stand-in issues and verifies: JWTs signed with its key, with the claims the
 * request check reads (`azp`, `client_id`, `scope`) and those every verifier checks (`iss`, `aud`,
 * `exp`). A signature that does not verify is told apart from every other fault, because the spec's
 * error table gives it its own 401 row (authentication rule 4).
 */
import { errors, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyOptions, type ProtectedHeaderParameters } from "jose";
import { SIGNING_ALGORITHM, type SigningKey } from "./signing-key.js";
import { VerifiedTokens, type TimeRules } from "./verified-tokens.js";

export type Verification = { readonly claims: JWTPayload } | { readonly claims: null; readonly refused: "invalid_token" | "invalid_signature" };

const NO_TOKEN: Verification = { claims: null, refused: "invalid_token" };

/**
 * RFC 6750 §2.1's `Bearer` and a token of the shape a compact JWS has (RFC 7515 §7.1): three
 * base64url parts without padding. Every such token is token68; any other token68 is no JWS of ours.
 */
const BEARER_JWS = /^Bearer [A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/i;
const BEARER_PREFIX_LENGTH = "Bearer ".length;

/** How far the clocks of the stand-in and its clients may disagree, in seconds. */
const CLOCK_TOLERANCE_S = 5;

/**
 * Verified tokens remembered (verified-tokens.ts): far more than the clients a test suite runs
 * at once, and a few hundred kilobytes at most.
 */
export const VERIFIED_TOKENS_KEPT = 512;

/** The base64url alphabet (RFC 4648 §5), each character at its value. */
const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Each base64url character's value, by its char code. */
const BASE64URL_VALUE = new Uint8Array(128);
for (let i = 0; i < BASE64URL_ALPHABET.length; i++) BASE64URL_VALUE[BASE64URL_ALPHABET.charCodeAt(i)] = i;

/**
 * Whether the base64url part `token[start, end)` (its characters checked already) is the only
 * spelling of its bytes: a length that leaves one character over encodes no whole byte, and the
 * bits of the last character past the last byte (4 of them after 2 characters over, 2 after 3)
 * must be zero. Read in place, without slicing or decoding.
 */
function isCanonicalPart(token: string, start: number, end: number): boolean {
  const over = (end - start) % 4;
  if (over === 0) return true;
  if (over === 1) return false;
  return (BASE64URL_VALUE[token.charCodeAt(end - 1)]! & (over === 2 ? 0b1111 : 0b11)) === 0;
}

/**
 * A compact JWS as the stand-in writes one, `BEARER_JWS`'s three parts each the only spelling of
 * its bytes (no stray low bits in the last character). jose decodes more leniently, so one token
 * could be written several ways.
 */
function isCanonicalJws(token: string): boolean {
  const first = token.indexOf(".");
  const second = token.indexOf(".", first + 1);
  return isCanonicalPart(token, 0, first) && isCanonicalPart(token, first + 1, second) && isCanonicalPart(token, second + 1, token.length);
}

/** Thrown by the key lookup: the token names another key. */
class OtherKey extends Error {}

export interface TokenGrant {
  readonly clientId: string;
  readonly audience: string;
  readonly scopes: readonly string[];
  /** `{client}@clients` for client credentials, the user otherwise. */
  readonly subject: string;
  /** The grant, as the vendor's `gty` claim names it. */
  readonly grantType: string;
}

const refused = (error: unknown): Verification => ({ claims: null, refused: error instanceof errors.JWSSignatureVerificationFailed ? "invalid_signature" : "invalid_token" });

export class TokenIssuer {
  readonly issuer: string;
  /** jose's options for each audience, made once: the same for every token. */
  readonly #verifyOptions = new Map<string, JWTVerifyOptions>();
  /** jose's time rules for every token, which a remembered token is held to as well. */
  readonly #timeRules: TimeRules;
  /** Tokens verified lately, so a client's next call with the same token skips the signature. */
  readonly #verified: VerifiedTokens;

  constructor(
    private readonly key: SigningKey,
    domain: string,
    readonly lifetimeSeconds: number,
  ) {
    this.issuer = `https://${domain}/`;
    this.#timeRules = { clockTolerance: CLOCK_TOLERANCE_S, maxTokenAge: lifetimeSeconds };
    this.#verified = new VerifiedTokens(this.#timeRules, VERIFIED_TOKENS_KEPT);
  }

  /**
   * The key for a token that names no key or the stand-in's own; a token for another key id is not
   * ours to check. jose calls this with the header it has decoded, so the header is read once.
   */
  readonly #keyFor = (header: ProtectedHeaderParameters) => {
    if (header.kid !== undefined && header.kid !== this.key.kid) throw new OtherKey();
    return this.key.publicKey;
  };

  #optionsFor(audience: string): JWTVerifyOptions {
    let options = this.#verifyOptions.get(audience);
    if (options === undefined) {
      options = { algorithms: [SIGNING_ALGORITHM], issuer: this.issuer, audience, requiredClaims: ["exp", "iat"], ...this.#timeRules };
      this.#verifyOptions.set(audience, options);
    }
    return options;
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
   * in separate steps: the token's spelling, then jose, which asks for the key with the header it
   * decoded (a token for another key id is refused there), with `exp` and `iat` required and an
   * `iat` in the future refused (a token without `exp` would never expire). The same `Authorization`
   * value verified lately for the same key and audience, and still in time, answers from memory.
   */
  verify(authorization: string | undefined, audience: string): Promise<Verification> {
    if (authorization === undefined) return Promise.resolve(NO_TOKEN);
    const key = this.key.publicKey;
    const known = this.#verified.get(authorization, key, audience);
    if (known !== undefined) return Promise.resolve({ claims: known });
    if (!BEARER_JWS.test(authorization)) return Promise.resolve(NO_TOKEN);
    const token = authorization.slice(BEARER_PREFIX_LENGTH);
    if (!isCanonicalJws(token)) return Promise.resolve(NO_TOKEN);
    // jose's promise carried on, not awaited in another: one promise fewer per request.
    return jwtVerify(token, this.#keyFor, this.#optionsFor(audience)).then(({ payload }) => ({ claims: this.#verified.put(authorization, key, audience, payload) }), refused);
  }

  jwks(): { readonly keys: readonly object[] } {
    return { keys: [this.key.publicJwk] };
  }
}
