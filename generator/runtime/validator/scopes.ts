/**
 * checkScopes: does a token's scope grant an operation? When it does not, the answer is the 403 row
 * of the spec's error table for that operation, so a gateway can reply exactly as the service would.
 */
import type { ScopeCheckResult } from "./public-types.js";
import { hasOwn } from "./own.js";

/** The scope an operation needs and the error-table row answered when it is missing, or no scope at all. */
export type ScopeRule =
  | { readonly scope: null }
  | { readonly scope: string; readonly denied: { readonly status: number; readonly error: string; readonly message: string } };

/**
 * The one reading of a scope claim in the runtime: a space-separated string (RFC 6749 §3.3) or a
 * list → the scopes in order, without repeats, empty entries (from doubled spaces or `""` in a list)
 * and entries that are not strings. Every helper that reads granted or requested scopes uses it.
 */
export function scopeList(scopes: unknown): string[] {
  const items: readonly unknown[] = typeof scopes === "string" ? scopes.split(" ") : Array.isArray(scopes) ? scopes : [];
  const seen = new Set<string>();
  for (const scope of items) if (typeof scope === "string" && scope.length > 0) seen.add(scope);
  return [...seen];
}

function denied(operation: string, scope: string | null, row: { readonly status: number; readonly error: string; readonly message: string }): ScopeCheckResult {
  return { ok: false, operation, requiredScope: scope, status: row.status, error: row.error, message: row.message };
}

export function checkScopesWith(rules: Readonly<Record<string, ScopeRule>>, operation: unknown, granted: unknown): ScopeCheckResult {
  const name = typeof operation === "string" ? operation : "";
  try {
    if (!hasOwn.call(rules, name)) {
      return denied(name, null, { status: 403, error: "unknown_operation", message: `unknown operation ${JSON.stringify(name.slice(0, 100))}` });
    }
    const rule = rules[name]!;
    if (rule.scope === null || scopeList(granted).includes(rule.scope)) return { ok: true, operation: name, requiredScope: rule.scope };
    return denied(name, rule.scope, rule.denied);
  } catch {
    // A hostile list (a Proxy, a throwing iterator) grants nothing.
    return denied(name, null, { status: 403, error: "unreadable", message: "the granted scopes could not be read" });
  }
}
