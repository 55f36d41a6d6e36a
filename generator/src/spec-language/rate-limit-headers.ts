/**
 * The rate-limit headers a spec must name (spec/rate-limits.yaml), and the key each is read under
 * (`parseRateLimitHeaders` returns `{ limit, remaining, reset }`): one home for the checker, the
 * validator's tables and the stand-in, which sends them.
 */
export const RATE_LIMIT_HEADER_KEYS = {
  "X-RateLimit-Limit": "limit",
  "X-RateLimit-Remaining": "remaining",
  "X-RateLimit-Reset": "reset",
} as const;

export type RateLimitHeaderName = keyof typeof RATE_LIMIT_HEADER_KEYS;
export type RateLimitKey = (typeof RATE_LIMIT_HEADER_KEYS)[RateLimitHeaderName];

export const RATE_LIMIT_HEADERS = Object.keys(RATE_LIMIT_HEADER_KEYS) as RateLimitHeaderName[];
