/**
 * PKCE (RFC 7636): `code_challenge = BASE64URL(SHA-256(code_verifier))` for S256, the verifier
 * itself for plain. WebCrypto (`globalThis.crypto.subtle`, in Node 20 and browsers) does the hash,
 * so the helpers are async and the package stays dependency-free.
 */
import type { PkceInput, PkceResult } from "./public-types.js";
import type { PkceData } from "./tables.js";

/** RFC 7636 §4.1: unreserved characters only. */
const VERIFIER_CHARS = /^[A-Za-z0-9._~-]*$/;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const padded = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_");
  // RFC 7636 §A: no padding. Base64 pads with at most two "=".
  return padded.endsWith("==") ? padded.slice(0, -2) : padded.endsWith("=") ? padded.slice(0, -1) : padded;
}

function verifierProblem(data: PkceData, verifier: unknown): string | null {
  if (typeof verifier !== "string") return "the code verifier must be a string";
  if (verifier.length < data.verifierMinLength || verifier.length > data.verifierMaxLength) {
    return `the code verifier must have ${data.verifierMinLength} to ${data.verifierMaxLength} characters`;
  }
  return VERIFIER_CHARS.test(verifier) ? null : "the code verifier may only use letters, digits, '-', '.', '_' and '~'";
}

async function s256(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The S256 challenge of a verifier; rejects (a TypeError) when the verifier breaks RFC 7636. */
export async function pkceChallengeWith(data: PkceData, verifier: string): Promise<string> {
  const problem = verifierProblem(data, verifier);
  if (problem !== null) throw new TypeError(`pkceChallenge: ${problem}`);
  return s256(verifier);
}

export async function checkPkceWith(data: PkceData, input: PkceInput): Promise<PkceResult> {
  try {
    const method = input.method ?? "S256";
    if (!data.methods.includes(method)) return { ok: false, message: `unknown code challenge method ${JSON.stringify(String(method).slice(0, 20))}; expected one of: ${data.methods.join(", ")}` };
    const problem = verifierProblem(data, input.verifier);
    if (problem !== null) return { ok: false, message: problem };
    const expected = method === "plain" ? input.verifier : await s256(input.verifier);
    return expected === input.challenge ? { ok: true } : { ok: false, message: `the code verifier does not match the code challenge (${method})` };
  } catch {
    return { ok: false, message: "the PKCE values could not be read" };
  }
}
