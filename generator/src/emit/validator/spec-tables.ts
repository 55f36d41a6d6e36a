/**
 * Data tables for the helpers, from the spec: the scope each operation needs with the error-table
 * row answered when it is missing, and the rate-limit headers.
 */
import { errorMessage, scopeDeniedRow } from "../../ir/error-messages.js";
import type { Operation, SpecIR } from "../../ir/model.js";
import { internalError } from "../../base/internal-error.js";

type DeniedRow = { readonly status: number; readonly error: string; readonly message: string };

export type ScopeRuleData = { readonly scope: null } | { readonly scope: string; readonly denied: DeniedRow };

export interface RateLimitHeaderData {
  readonly name: string;
  readonly key: string;
  readonly minimum: number;
}

const FORBIDDEN = 403;
const RATE_LIMIT_KEYS = ["limit", "remaining", "reset"];

/**
 * The operation's 403 row whose message names its scope (`{scope}`); for a spec whose table has
 * none, the answer RFC 6750 §3.1 gives the same failure.
 */
function deniedRow(ir: SpecIR, op: Operation, scope: string): DeniedRow {
  const row = scopeDeniedRow(ir, op);
  return row ? { status: row.status, error: row.id, message: errorMessage(row, op) } : { status: FORBIDDEN, error: "insufficient_scope", message: `Insufficient scope; expected any of: ${scope}` };
}

export function scopeRules(ir: SpecIR): Record<string, ScopeRuleData> {
  const rules: Record<string, ScopeRuleData> = {};
  for (const op of [...ir.operations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    rules[op.id] = op.scope ? { scope: op.scope, denied: deniedRow(ir, op, op.scope) } : { scope: null };
  }
  return rules;
}

export function rateLimitHeaders(ir: SpecIR): RateLimitHeaderData[] {
  const headers = ir.rateLimits.headers.map((h) => ({ name: h.name, key: h.name.replace(/^x-ratelimit-/i, "").toLowerCase(), minimum: h.minimum ?? 0 }));
  const keys = headers.map((h) => h.key).sort();
  if (keys.join() !== [...RATE_LIMIT_KEYS].sort().join()) {
    // check/rules/api-requirements.ts (rateLimitHeadersKnown) reports other names first.
    throw internalError(`parseRateLimitHeaders expects X-RateLimit-Limit, -Remaining and -Reset; the spec has ${headers.map((h) => h.name).join(", ")}`);
  }
  return headers;
}
