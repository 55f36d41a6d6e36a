/**
 * What the stand-in is configured with, and the defaults it starts with when no `--config` is
 * given. A config file replaces the clients wholesale (`config-file.ts`); every other field falls
 * back to its default.
 */
import type { AccessPolicy } from "@flowspec/validator/service";
import type { FaultRule } from "../../runtime/fixtures/faults.js";
import { DEFAULT_MAX_BODY_BYTES } from "../../runtime/validator/service/request-check.js";

/** The WebAuthn grant's URN, as the spec's WebAuthnTokenRequest record fixes it. */
export const WEBAUTHN_GRANT = "urn:okta:params:oauth:grant-type:webauthn";

/** The grants of the spec's TokenRequest a client may be configured with. */
export const GRANT_TYPES = ["client_credentials", "authorization_code", "password", WEBAUTHN_GRANT] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export interface ClientConfig {
  readonly id: string;
  readonly secret: string;
  /** May call the management API (authentication rule 3). */
  readonly global: boolean;
  readonly grantTypes: readonly GrantType[];
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
  /** The user-flow access policy of the self-service API (the client-flow one cannot change: rule 7). */
  readonly userFlowPolicy: AccessPolicy;
  readonly tokenLifetimeSeconds: number;
  /** Largest request body, in bytes. */
  readonly maxBodyBytes: number;
  /** Calls of the management operations that answer with a row of the error table (a scenario). */
  readonly faults: readonly FaultRule[];
  readonly limits: ServeLimits;
}

const DEFAULT_DOMAIN = "flowspec.local";

const DEFAULT_CLIENTS: readonly ClientConfig[] = [
  {
    id: "flowspec-admin",
    secret: "flowspec-admin-secret",
    global: true,
    grantTypes: ["client_credentials"],
    scopes: ["create:flows", "update:resource_servers"],
    selfServiceScopes: null,
    redirectUris: [],
  },
  {
    // Not global: its management tokens are refused with 401 even when they carry the scope.
    id: "flowspec-app",
    secret: "flowspec-app-secret",
    global: false,
    grantTypes: ["client_credentials", "authorization_code", "password", WEBAUTHN_GRANT],
    scopes: ["create:flows"],
    selfServiceScopes: ["create:me:authentication_methods", "read:me:authentication_methods", "delete:me:authentication_methods"],
    redirectUris: ["http://localhost/callback", "http://127.0.0.1/callback"],
  },
];

export const DEFAULT_CONFIG: ServeConfig = {
  domain: DEFAULT_DOMAIN,
  clients: DEFAULT_CLIENTS,
  rateLimit: { limit: 1000, windowSeconds: 60, tokenLimit: 1000, anonymousLimit: 1000 },
  userFlowPolicy: "require_client_grant",
  tokenLifetimeSeconds: 86_400,
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  faults: [],
  limits: DEFAULT_LIMITS,
};
