/**
 * What every example service is configured with: the key that verifies tokens, the global clients
 * (authentication rule 3: the spec cannot know them, the service says) and the body-size limit.
 */
import type { CryptoKey } from "jose";

export const DEFAULT_GLOBAL_CLIENT = "local-global-client";

export interface ServiceConfig {
  /** Verifies the bearer tokens (the public half of the local key). */
  readonly verifyKey: CryptoKey;
  /** The client ids that are global. */
  readonly globalClients: readonly string[];
  /** Largest body accepted, in bytes. */
  readonly maxBodyBytes: number;
}

/** FLOWSPEC_GLOBAL_CLIENTS (comma-separated) and FLOWSPEC_MAX_BODY_BYTES, with the defaults. */
export function configFromEnv(verifyKey: CryptoKey, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const globalClients = (env.FLOWSPEC_GLOBAL_CLIENTS ?? DEFAULT_GLOBAL_CLIENT).split(",").filter((id) => id.length > 0);
  const maxBodyBytes = Number(env.FLOWSPEC_MAX_BODY_BYTES ?? 1_048_576);
  return { verifyKey, globalClients, maxBodyBytes };
}
