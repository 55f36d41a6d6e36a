/**
 * What the stand-in is configured with, and the defaults it starts with when no `--config` is
 * given. A config file replaces the clients wholesale (`config-file.ts`); every other field falls
 * back to its default. What the spec decides (grants, scopes, access policies) is not written here:
 * the default clients are made from the served spec's facts (`spec-facts.ts`) when the stand-in starts.
 */
import type { AccessPolicy } from "@flowspec/validator/service";
import type { FaultRule } from "../../runtime/fixtures/faults.js";
import { DEFAULT_MAX_BODY_BYTES } from "../../runtime/validator/service/request-check.js";
import type { GrantRecord, SpecFacts } from "./spec-facts.js";

export interface ClientConfig {
  readonly id: string;
  readonly secret: string;
  /** May call the management API (authentication rule 3). */
  readonly global: boolean;
  /** The `grant_type`s of the spec's token request the client may use. */
  readonly grantTypes: readonly string[];
  /** The management API scopes the client may obtain; a token request may ask for a subset with `scope`. */
  readonly scopes: readonly string[];
  /**
   * Its client grant for the self-service audience `https://{domain}/me/`: the most a user flow may
   * obtain under the `require_client_grant` policy; null when it has none.
   */
  readonly selfServiceScopes: readonly string[] | null;
  /** Where /authorize may send the code. A loopback URI (localhost, 127.0.0.1, [::1]) matches any port (RFC 8252 §7.3). */
  readonly redirectUris: readonly string[];
}

/**
 * Three counts, kept apart so no caller can spend another's: the management API per authenticated
 * client (the token's), token requests per authenticated client (the vendor counts its
 * authentication API apart from the management API), and every request that has not authenticated
 * (no token, a bad one, a wrong secret, the documents) per address. A request is counted under a
 * client only once it has proved to be that client.
 */
export interface RateLimitConfig {
  /** Management requests per client per window; past it, 429 with Retry-After. */
  readonly limit: number;
  readonly windowSeconds: number;
  /** Token requests per authenticated client per window. */
  readonly tokenLimit: number;
  /** Requests per address per window from callers that have not authenticated. */
  readonly anonymousLimit: number;
}

/**
 * What a stand-in under attack holds at most. Connections beyond `maxConnections` are refused at
 * once; a connection must send its headers within `headersTimeoutMs` (and is closed when silent
 * that long) and its whole request within `requestTimeoutMs`, and an idle keep-alive connection is
 * closed after `idleTimeoutMs`. A body is
 * read only once the request may be answered with it (see handlers/management.ts). The stored
 * state keeps at most `maxStoredApis` permission lists holding `maxStoredScopes` permissions in all
 * (the least recently replaced are forgotten first), `maxStoredFlows` created flows (the oldest
 * forgotten first), and `maxPending` codes and passkey sessions.
 */
export interface ServeLimits {
  readonly maxConnections: number;
  readonly maxHeaderBytes: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly maxStoredApis: number;
  readonly maxStoredScopes: number;
  readonly maxStoredFlows: number;
  readonly maxPending: number;
}

export const DEFAULT_LIMITS: ServeLimits = {
  maxConnections: 2048,
  maxHeaderBytes: 16_384,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 5_000,
  maxStoredApis: 1_000,
  maxStoredScopes: 100_000,
  maxStoredFlows: 10_000,
  maxPending: 10_000,
};

export interface ServeConfig {
  /** The tenant domain the stand-in plays: issuer `https://{domain}/`, audiences on it. */
  readonly domain: string;
  readonly clients: readonly ClientConfig[];
  readonly rateLimit: RateLimitConfig;
  /** The user-flow access policy of the self-service API (the client-flow one cannot change: rule 7); absent, the spec's default (rule 8). */
  readonly userFlowPolicy?: AccessPolicy;
  readonly tokenLifetimeSeconds: number;
  /** Largest request body, in bytes. */
  readonly maxBodyBytes: number;
  /** Calls of the management operations that answer with a row of the error table (a scenario). */
  readonly faults: readonly FaultRule[];
  readonly limits: ServeLimits;
}

/** A config whose clients may be left to the defaults of the served spec (`withDefaultClients`). */
export type ServeConfigInput = Omit<ServeConfig, "clients"> & { readonly clients?: readonly ClientConfig[] };

const DEFAULT_DOMAIN = "flowspec.local";

/**
 * A default client: its grants named by the records the stand-in redeems, and its management scopes
 * as every scope the spec's operations require or only the first (in code-unit order).
 */
interface DefaultClient extends Omit<ClientConfig, "grantTypes" | "scopes"> {
  readonly grants: readonly GrantRecord[] | "every";
  readonly scopes: "every" | "first";
}

export const DEFAULT_CLIENTS: readonly DefaultClient[] = [
  {
    id: "flowspec-admin",
    secret: "flowspec-admin-secret",
    global: true,
    grants: ["ClientCredentialsTokenRequest"],
    scopes: "every",
    selfServiceScopes: null,
    redirectUris: [],
  },
  {
    // Not global: its management tokens are refused with 401 even when they carry the scope; and
    // one scope, so a scope it was not granted is refused too.
    id: "flowspec-app",
    secret: "flowspec-app-secret",
    global: false,
    grants: "every",
    scopes: "first",
    // A client grant is the tenant's setting, not the spec's: scopes of the form rule 6 gives, checked by it when a token is asked for.
    selfServiceScopes: ["create:me:authentication_methods", "read:me:authentication_methods", "delete:me:authentication_methods"],
    redirectUris: ["http://localhost/callback", "http://127.0.0.1/callback"],
  },
];

/** The default clients with the served spec's grants and management scopes. */
export function defaultClients(facts: SpecFacts): ClientConfig[] {
  return DEFAULT_CLIENTS.map(({ grants, scopes, ...client }) => ({
    ...client,
    grantTypes: grants === "every" ? facts.grantTypes : grants.flatMap((record) => facts.grantOf[record] ?? []),
    scopes: scopes === "every" ? facts.managementScopes : facts.managementScopes.slice(0, 1),
  }));
}

export function withDefaultClients(config: ServeConfigInput, facts: SpecFacts): ServeConfig {
  return { ...config, clients: config.clients ?? defaultClients(facts) };
}

export const DEFAULT_CONFIG: ServeConfigInput = {
  domain: DEFAULT_DOMAIN,
  rateLimit: { limit: 1000, windowSeconds: 60, tokenLimit: 1000, anonymousLimit: 1000 },
  tokenLifetimeSeconds: 86_400,
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  faults: [],
  limits: DEFAULT_LIMITS,
};
