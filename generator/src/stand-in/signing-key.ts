/**
 * The key the stand-in signs its tokens with: RS256, generated at each start unless a config names
 * a file (PKCS#8 PEM or a private JWK), and published as a JWKS so clients can verify the tokens.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type CryptoKey, type JWK } from "jose";

export const SIGNING_ALGORITHM = "RS256";

export interface SigningKey {
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** The public JWK as the JWKS lists it (`kid`, `alg`, `use`). */
  readonly publicJwk: Readonly<JWK>;
  readonly kid: string;
}

/** The members of a JWK that hold private key material (RFC 7518 §6.3.2). */
const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth"] as const;

async function fromPrivateKey(privateKey: CryptoKey): Promise<SigningKey> {
  const jwk = await exportJWK(privateKey);
  if (jwk.kty !== "RSA") throw new Error(`an ${SIGNING_ALGORITHM} key must be an RSA key, not ${jwk.kty ?? "unknown"}`);
  const publicOnly: JWK = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete publicOnly[member];
  const kid = await calculateJwkThumbprint(publicOnly);
  const publicKey = (await importJWK(publicOnly, SIGNING_ALGORITHM)) as CryptoKey;
  return { privateKey, publicKey, kid, publicJwk: { ...publicOnly, kid, alg: SIGNING_ALGORITHM, use: "sig" } };
}

export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  return fromPrivateKey(privateKey);
}

/** A key file's text: a PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`) or a private RSA JWK. Throws with a reason. */
export async function importSigningKey(text: string): Promise<SigningKey> {
  if (text.includes("-----BEGIN PRIVATE KEY-----")) {
    return fromPrivateKey(await importPKCS8(text, SIGNING_ALGORITHM, { extractable: true }));
  }
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new Error("not a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----) nor a JSON Web Key");
  }
  if (typeof jwk !== "object" || jwk === null || typeof jwk.d !== "string") throw new Error("the JSON Web Key has no private part (`d`)");
  return fromPrivateKey((await importJWK({ ...jwk, ext: true }, SIGNING_ALGORITHM)) as CryptoKey);
}
