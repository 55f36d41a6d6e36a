/**
 * What the helpers read from a verified token's claims: the client (`azp`, the vendor's claim, else
 * RFC 9068's `client_id`) and the scopes (`scope`, space-separated; a list is accepted too).
 */
import type { GlobalClients, TokenClaims } from "./public-types.js";
import { ownValue as own } from "../own.js";

export function isClaims(value: unknown): value is TokenClaims {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The client the token was issued to, or null when it names none. */
export function clientIdOf(claims: TokenClaims): string | null {
  const azp = own(claims, "azp");
  if (typeof azp === "string" && azp.length > 0) return azp;
  const clientId = own(claims, "client_id");
  return typeof clientId === "string" && clientId.length > 0 ? clientId : null;
}

/** A space-separated scope string (RFC 6749 §3.3) or a list → the scopes, without repeats. */
export function scopeList(scopes: unknown): string[] {
  const list = typeof scopes === "string" ? scopes.split(" ") : Array.isArray(scopes) ? scopes : [];
  const seen = new Set<string>();
  for (const scope of list) if (typeof scope === "string" && scope.length > 0) seen.add(scope);
  return [...seen];
}

/** Whether a space-separated scope string or list contains `scope`, without building a list. */
export function grants(scopes: unknown, scope: string): boolean {
  if (typeof scopes === "string") {
    for (let at = scopes.indexOf(scope); at >= 0; at = scopes.indexOf(scope, at + 1)) {
      const end = at + scope.length;
      if ((at === 0 || scopes.charCodeAt(at - 1) === 32) && (end === scopes.length || scopes.charCodeAt(end) === 32)) return true;
    }
    return false;
  }
  return Array.isArray(scopes) && scopes.includes(scope);
}

export function grantsScope(claims: TokenClaims, scope: string): boolean {
  return grants(own(claims, "scope"), scope);
}

/** Rule 3, as the service defines its global clients: a list of client ids or a predicate. */
export function globalClientTest(globalClients: GlobalClients): (clientId: string, claims: TokenClaims) => boolean {
  if (typeof globalClients === "function") {
    return (clientId, claims) => {
      try {
        return globalClients(clientId, claims) === true;
      } catch {
        return false;
      }
    };
  }
  const ids = new Set(globalClients);
  return (clientId) => ids.has(clientId);
}

export function isGlobalClientWith(claims: unknown, globalClients: GlobalClients): boolean {
  if (!isClaims(claims)) return false;
  const clientId = clientIdOf(claims);
  return clientId !== null && globalClientTest(globalClients)(clientId, claims);
}
