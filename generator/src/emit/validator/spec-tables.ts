/**
 * Data tables for the helpers, from the spec: the scope each operation needs with the error-table
 * row answered when it is missing, and the rate-limit headers.
 */
import { errorMessage, scopeDeniedRow } from "../../ir/error-messages.js";
import type { Operation, SpecIR } from "../../ir/model.js";
import { internalError } from "../../base/internal-error.js";
import { RATE_LIMIT_HEADER_KEYS, RATE_LIMIT_HEADERS, type RateLimitHeaderName } from "../../spec-language/rate-limit-headers.js";

type DeniedRow = { readonly status: number; readonly error: string; readonly message: string };

export type ScopeRuleData = { readonly scope: null } | { readonly scope: string; readonly denied: DeniedRow };

export interface RateLimitHeaderData {
  readonly name: string;
  readonly key: string;
  readonly minimum: number;
}

const FORBIDDEN = 403;

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
  return ir.rateLimits.headers.map((h) => {
    // check/rules/api-requirements.ts (rateLimitHeadersKnown) reports other names first.
    if (!Object.hasOwn(RATE_LIMIT_HEADER_KEYS, h.name)) throw internalError(`parseRateLimitHeaders reads ${RATE_LIMIT_HEADERS.join(", ")}; the spec has ${h.name}`);
    return { name: h.name, key: RATE_LIMIT_HEADER_KEYS[h.name as RateLimitHeaderName], minimum: h.minimum ?? 0 };
  });
}
