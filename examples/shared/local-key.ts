/**
 * The examples' local signing key: an ES256 key pair kept in a JSON file (created on first use), so
 * a service can verify tokens and `token.ts` can mint them, with no identity provider running. A
 * real service verifies against its tenant's JWKS instead (jose's createRemoteJWKSet).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from "jose";

export const ALGORITHM = "ES256";

/** The tenant the examples pretend to be: token issuer and management API audience. */
export const ISSUER = "https://login.example.com/";
export const AUDIENCE = "https://login.example.com/api/v2/";

/** Where the key lives unless FLOWSPEC_KEY_FILE says otherwise (ignored by git). */
export const DEFAULT_KEY_FILE = new URL("./.local-key.json", import.meta.url);

export interface LocalKey {
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
}

export async function createLocalKey(): Promise<LocalKey> {
  return generateKeyPair(ALGORITHM, { extractable: true });
}

/** The key in `file`, created there (readable by its owner only) when the file does not exist. */
export async function loadOrCreateLocalKey(file: string | URL = process.env.FLOWSPEC_KEY_FILE ?? DEFAULT_KEY_FILE): Promise<LocalKey> {
  if (existsSync(file)) {
    const jwk = JSON.parse(readFileSync(file, "utf8")) as JWK;
    const { d: _private, ...publicJwk } = jwk;
    return { privateKey: (await importJWK(jwk, ALGORITHM)) as CryptoKey, publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey };
  }
  const key = await createLocalKey();
  writeFileSync(file, JSON.stringify(await exportJWK(key.privateKey)), { mode: 0o600 });
  return key;
}

export interface TokenRequest {
  /** The client the token is issued to (`azp`). */
  readonly clientId: string;
  /** Space-separated scopes. */
  readonly scope: string;
  readonly expiresIn?: string;
}

/** A management API access token shaped like the vendor's: `azp`, `scope`, `gty`, issuer and audience. */
export async function signToken(key: LocalKey, request: TokenRequest): Promise<string> {
  return new SignJWT({ azp: request.clientId, scope: request.scope, gty: "client-credentials" })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(`${request.clientId}@clients`)
    .setIssuedAt()
    .setExpirationTime(request.expiresIn ?? "1h")
    .sign(key.privateKey);
}
