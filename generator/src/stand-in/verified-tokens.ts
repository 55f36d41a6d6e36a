/**
 * The tokens verified lately, by the exact `Authorization` value they came in: a client sends the
 * same token with every call until it expires, and its RS256 signature (about 20 µs of CPU, a third
 * of a created flow's cost) need not be checked again while nothing that decided the answer can
 * have changed. What an API gateway does; here, with jose's own time rules restated for the hit.
 *
 * Only verified tokens are kept, so a wrong signature or a refused claim is checked afresh every
 * time. An entry answers only for the key that verified it and the audience it was checked for,
 * and only while jose would still take it at the present time (its `exp`, `nbf`, and `iat` with the
 * maximum age, all within the clock tolerance); past that it is dropped and the caller verifies
 * again, so a refusal is jose's own. At most `maxEntries` are kept, the oldest dropped first:
 * entries come only from tokens the stand-in signed, and those are bounded too, by the token
 * endpoint's rate limit.
 */
import type { JWTPayload } from "jose";
import { deepFreeze } from "../base/deep-freeze.js";

/** What every entry was checked against besides the signature, and its time rules. */
export interface TimeRules {
  /** Seconds the clocks may disagree (jose's `clockTolerance`). */
  readonly clockTolerance: number;
  /** The longest a token may live after its `iat` (jose's `maxTokenAge`), in seconds. */
  readonly maxTokenAge: number;
}

interface Entry {
  /** The key that verified the signature, compared by identity. */
  readonly key: object;
  readonly audience: string;
  /** Frozen, so the requests that share it cannot change what the next one reads. */
  readonly claims: Readonly<JWTPayload>;
  readonly iat: number;
  readonly exp: number;
  readonly nbf: number | undefined;
}

export class VerifiedTokens {
  readonly #entries = new Map<string, Entry>();
  /**
   * The entry found last, and its `Authorization` value: the next request most often brings the
   * same, and comparing two strings is cheaper than hashing a new one of some 700 characters.
   */
  #lastKey: string | null = null;
  #last: Entry | null = null;

  constructor(
    private readonly rules: TimeRules,
    readonly maxEntries: number,
    // Called through, not `Date.now` itself: jose reads the clock with `new Date()`, and both must see one clock (a test's too).
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The claims verified for `authorization` with `key` and `audience`, if jose would take the token
   * now; undefined otherwise (and an entry jose would refuse now is dropped).
   */
  get(authorization: string, key: object, audience: string): Readonly<JWTPayload> | undefined {
    const entry = authorization === this.#lastKey ? this.#last! : this.#entries.get(authorization);
    if (entry === undefined || entry.key !== key || entry.audience !== audience) return undefined;
    this.#lastKey = authorization;
    this.#last = entry;
    // jose's arithmetic (lib/jwt_claims_set.js): whole epoch seconds, each bound widened by the tolerance.
    const now = Math.floor(this.now() / 1000);
    const { clockTolerance: tolerance, maxTokenAge } = this.rules;
    const age = now - entry.iat;
    if (entry.exp <= now - tolerance || age - tolerance > maxTokenAge || age < -tolerance || (entry.nbf !== undefined && entry.nbf > now + tolerance)) {
      this.#drop(authorization);
      return undefined;
    }
    return entry.claims;
  }

  /**
   * Keeps what jose has just verified. `claims` must hold numeric `exp` and `iat` (the verify
   * options require both); a token without them is not kept. Returns the frozen claims.
   */
  put(authorization: string, key: object, audience: string, claims: JWTPayload): Readonly<JWTPayload> {
    const { exp, iat, nbf } = claims;
    if (typeof exp !== "number" || typeof iat !== "number" || (nbf !== undefined && typeof nbf !== "number")) return claims;
    this.#drop(authorization);
    this.#entries.set(authorization, { key, audience, claims: deepFreeze(claims), exp, iat, nbf });
    // A Map iterates in insertion order: the first key is the oldest entry. (Entries are put once
    // per token and client, not per request: the dropped places it steps over stay few.)
    while (this.#entries.size > this.maxEntries) this.#drop(this.#entries.keys().next().value!);
    return claims;
  }

  #drop(authorization: string): void {
    this.#entries.delete(authorization);
    if (authorization === this.#lastKey) this.#lastKey = this.#last = null;
  }
}
