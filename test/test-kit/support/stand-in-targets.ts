/**
 * The two stand-ins of the management operations the shared HTTP cases run against: `flowspec
 * serve` over real HTTP on a loopback port, and the MSW handlers of `@flowspec/fixtures/msw`
 * intercepting fetch in process. Both get the same clients, limits and scenario, and accept the same
 * tokens: RS256 JWTs signed with one key, which serve verifies itself and the MSW handlers verify
 * with jose through serve's own verifier.
 */
import { generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { setupServer } from "msw/node";
import { managementHandlers, type FaultRule } from "../../../packages/fixtures/dist/msw.js";
import { DEFAULT_CLIENTS, DEFAULT_CONFIG } from "../../../generator/src/stand-in/config.ts";
import { startServe } from "../../../generator/src/stand-in/server.ts";
import { TokenIssuer } from "../../../generator/src/stand-in/tokens.ts";
import { servedPackages, testSigningKey } from "../../serve/support/stand-in.ts";

export const MANAGEMENT_AUDIENCE = `https://${DEFAULT_CONFIG.domain}/api/v2/`;
export const MAX_BODY_BYTES = 4096;

export interface TargetOptions {
  readonly rateLimit?: number;
  readonly faults?: readonly FaultRule[];
}

export interface Target {
  /** Where the API's paths start, e.g. `http://127.0.0.1:4711`. */
  readonly base: string;
  close(): Promise<void>;
}

export interface Tokens {
  /** flowspec-admin: global, create:flows and update:resource_servers. */
  readonly admin: string;
  /** flowspec-app: create:flows, not global. */
  readonly app: string;
  /** flowspec-admin with update:resource_servers only. */
  readonly narrow: string;
  /** Signed by a key no one trusts. */
  readonly forged: string;
  /** Expired an hour ago. */
  readonly expired: string;
}

async function issuer(): Promise<TokenIssuer> {
  return new TokenIssuer(await testSigningKey(), DEFAULT_CONFIG.domain, 600);
}

export async function makeTokens(): Promise<Tokens> {
  const tokens = await issuer();
  const grant = (clientId: string, scopes: string[]) => tokens.issue({ clientId, audience: MANAGEMENT_AUDIENCE, scopes, subject: `${clientId}@clients`, grantType: "client-credentials" });
  const { privateKey } = await generateKeyPair("RS256");
  const key = await testSigningKey();
  const claims = { azp: "flowspec-admin", client_id: "flowspec-admin", scope: "create:flows update:resource_servers" };
  const signed = (exp: number, signWith: CryptoKey) =>
    new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: key.kid }).setIssuer(tokens.issuer).setAudience(MANAGEMENT_AUDIENCE).setIssuedAt().setExpirationTime(exp).sign(signWith);
  const now = Math.floor(Date.now() / 1000);
  return {
    admin: await grant("flowspec-admin", ["create:flows", "update:resource_servers"]),
    app: await grant("flowspec-app", ["create:flows"]),
    narrow: await grant("flowspec-admin", ["update:resource_servers"]),
    forged: await signed(now + 600, privateKey),
    expired: await signed(now - 3600, key.privateKey),
  };
}

/** One limit for every count (management, token, unauthenticated), as a config that names only `limit` gets. */
const rateLimitOf = (limit: number) => ({ limit, tokenLimit: limit, anonymousLimit: limit, windowSeconds: 60 });

export async function serveTarget(options: TargetOptions = {}): Promise<Target> {
  const config = { ...DEFAULT_CONFIG, maxBodyBytes: MAX_BODY_BYTES, rateLimit: rateLimitOf(options.rateLimit ?? 1000), faults: options.faults ?? [] };
  const running = await startServe({ ...(await servedPackages()), config, signingKey: await testSigningKey(), port: 0 });
  return { base: running.url, close: () => running.close() };
}

/** The MSW handlers listen on a made-up origin: nothing there but what they intercept. */
const MSW_BASE = "https://tenant.flowspec.test";

export async function mswTarget(options: TargetOptions = {}): Promise<Target> {
  const tokens = await issuer();
  const api = managementHandlers({
    baseUrl: MSW_BASE,
    globalClients: DEFAULT_CLIENTS.filter((c) => c.global).map((c) => c.id),
    verifyToken: (authorization) => tokens.verify(authorization ?? undefined, MANAGEMENT_AUDIENCE),
    rateLimit: rateLimitOf(options.rateLimit ?? 1000),
    maxBodyBytes: MAX_BODY_BYTES,
    faults: options.faults ?? [],
  });
  const server = setupServer(...api.handlers);
  server.listen({ onUnhandledRequest: "error" });
  return { base: MSW_BASE, close: async () => server.close() };
}
