/**
 * A fixed-window rate limit per key (a client, or an address); the stand-in keeps three apart
 * (config.ts, RateLimitConfig). Every window starts at a multiple of its length in epoch
 * time, so every client's window ends together and one map holds only the current window's counts:
 * memory is bounded by the callers of one window, and `X-RateLimit-Reset` is the same epoch second
 * for everyone.
 */
import { RATE_LIMIT_HEADER_KEYS, type RateLimitKey } from "../spec-language/rate-limit-headers.js";

/**
 * The three headers of spec/rate-limits.yaml, which the validator's `parseRateLimitHeaders` reads;
 * lower case, as the validator's error responses write every header name (HTTP names are
 * case-insensitive), so one response never carries two spellings of a name.
 */
const RATE_LIMIT_HEADERS = Object.fromEntries(Object.entries(RATE_LIMIT_HEADER_KEYS).map(([name, key]) => [key, name.toLowerCase()])) as Record<RateLimitKey, string>;

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** The UTC epoch second at which the window resets. */
  readonly reset: number;
  /** Whole seconds until then (at least 1): the `Retry-After` of a 429 (RFC 9110 §10.2.3). */
  readonly retryAfter: number;
}

export class RateLimiter {
  #windowStart = -1;
  readonly #counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key` (a client, or an address when no client is known). */
  take(key: string): RateLimitDecision {
    const windowMs = this.windowSeconds * 1000;
    const start = Math.floor(this.now() / windowMs) * windowMs;
    if (start !== this.#windowStart) {
      this.#windowStart = start;
      this.#counts.clear();
    }
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    const reset = (start + windowMs) / 1000;
    return { allowed: count <= this.limit, limit: this.limit, remaining: Math.max(0, this.limit - count), reset, retryAfter: Math.max(1, Math.ceil(reset - this.now() / 1000)) };
  }
}

/**
 * The three headers, and `Retry-After` on a refusal. Set one by one: an object literal with
 * computed names takes V8's slow path on every call, a store of the same name at the same place
 * its fast one.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {};
  headers[RATE_LIMIT_HEADERS.limit] = String(decision.limit);
  headers[RATE_LIMIT_HEADERS.remaining] = String(decision.remaining);
  headers[RATE_LIMIT_HEADERS.reset] = String(decision.reset);
  if (!decision.allowed) headers["retry-after"] = String(decision.retryAfter);
  return headers;
}
