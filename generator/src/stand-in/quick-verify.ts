/**
 * The common token checked without jose: a header of `alg` RS256 with nothing but `typ` and the
 * stand-in's own `kid` besides, its signature checked at once by node:crypto (no WebCrypto job on
 * libuv's pool, no promises), and claims that pass every rule of the stand-in's jose options. About
 * half the CPU of jose's path for a token seen for the first time.
 *
 * It only accepts, or refuses a signature that does not verify under such a header (jose's answer
 * for it too: with a plain header, the signature is the next thing jose checks). Anything else,
 * odd or refused, is not decided here and goes to jose: every other refusal is jose's own, and
 * nothing is accepted that jose would refuse (test/serve/quick-verify.test.ts holds the two to the
 * same answers on a corpus of odd tokens).
 */
import { KeyObject, verify } from "node:crypto";
import type { CryptoKey, JWTPayload } from "jose";

/** What jose is told to check besides the signature (tokens.ts, `#optionsFor`). */
export interface QuickRules {
  readonly issuer: string;
  /** Seconds the clocks may disagree (jose's `clockTolerance`). */
  readonly clockTolerance: number;
  /** jose's `maxTokenAge`, in seconds. */
  readonly maxTokenAge: number;
}

export type QuickAnswer = { readonly claims: JWTPayload } | { readonly claims: null; readonly refused: "invalid_signature" } | null;

/** jose's minimum for RSA keys (lib/key.js `checkModulusLength`); a smaller key is left to jose, which refuses it. */
const MIN_RSA_BITS = 2048;
const HEADER_MEMBERS: ReadonlySet<string> = new Set(["alg", "typ", "kid"]);
/** jose decodes the header and the claims as strict UTF-8. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** A base64url part (canonical: tokens.ts checked it) as a JSON object, or null for anything else. */
function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(part, "base64url")));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class QuickVerifier {
  readonly #key: KeyObject | null;

  /** `publicKey`: the key jose verifies with (a CryptoKey), made a KeyObject once. */
  constructor(
    publicKey: CryptoKey,
    private readonly kid: string,
    private readonly rules: QuickRules,
    // Called through, not `Date.now` itself: jose reads the clock with `new Date()`; both must see one clock.
    private readonly now: () => number = () => Date.now(),
  ) {
    const key = KeyObject.from(publicKey as Parameters<typeof KeyObject.from>[0]);
    this.#key = key.asymmetricKeyType === "rsa" && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= MIN_RSA_BITS ? key : null;
  }

  /** `token`: a canonical compact JWS (tokens.ts `isCanonicalJws`). Null: jose decides. */
  check(token: string, audience: string): QuickAnswer {
    if (this.#key === null) return null;
    const first = token.indexOf(".");
    const second = token.indexOf(".", first + 1);
    const header = jsonObject(token.slice(0, first));
    if (header === null || header.alg !== "RS256" || (header.kid !== undefined && header.kid !== this.kid)) return null;
    for (const name of Object.keys(header)) if (!HEADER_MEMBERS.has(name)) return null;
    let good: boolean;
    try {
      good = verify("sha256", Buffer.from(token.slice(0, second), "latin1"), this.#key, Buffer.from(token.slice(second + 1), "base64url"));
    } catch {
      good = false;
    }
    if (!good) return { claims: null, refused: "invalid_signature" };
    const claims = jsonObject(token.slice(first + 1, second));
    return claims !== null && this.#passes(claims, audience) ? { claims } : null;
  }

  /** jose's claim rules for the stand-in's options (lib/jwt_claims_set.js), all in one test: pass or ask jose. */
  #passes(claims: Record<string, unknown>, audience: string): boolean {
    const { iss, aud, exp, iat, nbf } = claims;
    if (!Object.hasOwn(claims, "iss") || !Object.hasOwn(claims, "aud") || !Object.hasOwn(claims, "exp") || !Object.hasOwn(claims, "iat")) return false;
    if (iss !== this.rules.issuer) return false;
    if (typeof aud === "string" ? aud !== audience : !Array.isArray(aud) || !aud.includes(audience)) return false;
    if (typeof exp !== "number" || typeof iat !== "number" || (nbf !== undefined && typeof nbf !== "number")) return false;
    const now = Math.floor(this.now() / 1000);
    const { clockTolerance: tolerance, maxTokenAge } = this.rules;
    const age = now - iat;
    return !(exp <= now - tolerance || age - tolerance > maxTokenAge || age < -tolerance || (nbf !== undefined && nbf > now + tolerance));
  }
}
