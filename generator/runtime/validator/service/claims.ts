/**
 * What the helpers read from a verified token's claims: the client (`azp`, the vendor's claim, else
 * RFC 9068's `client_id`) and the scopes (`scope`, space-separated; a list is accepted too).
 */
import type { GlobalClients, TokenClaims } from "./public-types.js";
import { ownValue as own } from "../own.js";
import { scopeList } from "../scopes.js";

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

/** Read by the stand-in's grants too; one reading of a scope claim for the whole runtime. */
export { scopeList };

/** Whether the token's `scope` claim (string or list) grants `scope`, read as every helper reads it. */
export function grantsScope(claims: TokenClaims, scope: string): boolean {
  return scopeList(own(claims, "scope")).includes(scope);
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
