/**
 * Data tables for the helpers, from the spec: the scope each operation needs with the error-table
 * row answered when it is missing, and the rate-limit headers.
 */
import type { ErrorRow, Operation, SpecIR } from "../../ir/model.js";
import { errorCode } from "./service-tables.js";

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
 * The 403 row of the operation, or, when the table has none for it, the 403 row of another
 * operation with that operation's scope replaced by this one's (the table lists the rows of
 * POST /flows only; the service words the others the same way).
 */
function deniedRow(ir: SpecIR, op: Operation, scope: string): DeniedRow {
  const own = ir.errors.find((e) => e.operation === op.id && e.status === FORBIDDEN);
  if (own) return { status: own.status, error: errorCode(own), message: own.message };
  const template = ir.errors.find((e): e is ErrorRow => e.status === FORBIDDEN);
  const templateScope = template && ir.operations.find((o) => o.id === template.operation)?.scope;
  if (template && templateScope) {
    return { status: FORBIDDEN, error: errorCode(template), message: template.message.split(templateScope).join(scope) };
  }
  return { status: FORBIDDEN, error: "insufficient_scope", message: `Insufficient scope; expected any of: ${scope}` };
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
    throw new Error(`flowspec: parseRateLimitHeaders expects X-RateLimit-Limit, -Remaining and -Reset; the spec has ${headers.map((h) => h.name).join(", ")}`);
  }
  return headers;
}
