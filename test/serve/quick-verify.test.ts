/**
 * The quick token check (stand-in/quick-verify.ts) against jose on a corpus of odd tokens: where it
 * decides, it answers what jose answers (the same claims, or a signature refused); it decides the
 * common token and a wrong signature, and leaves the rest to jose.
 */
import { KeyObject, sign as cryptoSign } from "node:crypto";
import { generateKeyPair, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../generator/src/stand-in/config.ts";
import { QuickVerifier } from "../../generator/src/stand-in/quick-verify.ts";
import type { SigningKey } from "../../generator/src/stand-in/signing-key.ts";
import { TokenIssuer, type Verification } from "../../generator/src/stand-in/tokens.ts";
import { ADMIN, MANAGEMENT_AUDIENCE, SELF_SERVICE_AUDIENCE, testSigningKey } from "./support/stand-in.ts";

const LIFETIME = 600;
const ISSUER = `https://${DEFAULT_CONFIG.domain}/`;
const b64 = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

describe("flowspec serve: the quick token check answers as jose does", () => {
  let key: SigningKey;
  let corpus: { readonly name: string; readonly token: string }[];

  beforeAll(async () => {
    key = await testSigningKey();
    const other = await generateKeyPair("RS256");
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = { iss: ISSUER, aud: MANAGEMENT_AUDIENCE, azp: ADMIN.id, client_id: ADMIN.id, scope: "create:flows", sub: "s", iat: now, exp: now + LIFETIME };
    const header = { alg: "RS256", typ: "JWT", kid: key.kid };
    /** Signs exactly this header and these payload bytes with RSASSA-PKCS1-v1_5 SHA-256, whatever they say. */
    const sign = async (h: object, payload: string | Uint8Array, with_ = key.privateKey) => {
      const input = `${b64(JSON.stringify(h))}.${Buffer.from(payload).toString("base64url")}`;
      return `${input}.${cryptoSign("sha256", Buffer.from(input), KeyObject.from(with_ as Parameters<typeof KeyObject.from>[0])).toString("base64url")}`;
    };
    const withClaims = (change: Record<string, unknown>) => JSON.stringify({ ...claims, ...change });
    const without = (name: string) => JSON.stringify(Object.fromEntries(Object.entries(claims).filter(([k]) => k !== name)));
    const good = await sign(header, JSON.stringify(claims));
    const [gh, gp, gs] = good.split(".") as [string, string, string];
    const flipped = `${gs.slice(0, 10)}${gs[10] === "A" ? "B" : "A"}${gs.slice(11)}`;
    corpus = [
      { name: "good", token: good },
      { name: "no typ, no kid", token: await sign({ alg: "RS256" }, JSON.stringify(claims)) },
      { name: "typ at+jwt", token: await sign({ ...header, typ: "at+jwt" }, JSON.stringify(claims)) },
      { name: "audience in a list", token: await sign(header, withClaims({ aud: ["https://other/", MANAGEMENT_AUDIENCE] })) },
      { name: "nbf now", token: await sign(header, withClaims({ nbf: now })) },
      { name: "signature flipped", token: `${gh}.${gp}.${flipped}` },
      { name: "signature of another key", token: await sign(header, JSON.stringify(claims), other.privateKey) },
      { name: "signature short", token: `${gh}.${gp}.${gs.slice(0, 340)}` },
      { name: "signature of other claims", token: `${gh}.${b64(withClaims({ scope: "update:resource_servers" }))}.${gs}` },
      { name: "bad signature, claims refused too", token: await sign(header, withClaims({ exp: now - 3600 }), other.privateKey) },
      { name: "bad signature, kid another", token: await sign({ ...header, kid: "another" }, JSON.stringify(claims), other.privateKey) },
      { name: "kid another", token: await sign({ ...header, kid: "another" }, JSON.stringify(claims)) },
      { name: "kid a number", token: await sign({ ...header, kid: 7 }, JSON.stringify(claims)) },
      { name: "alg RS512", token: await sign({ ...header, alg: "RS512" }, JSON.stringify(claims)) },
      { name: "alg none", token: `${b64({ alg: "none" })}.${gp}.` },
      { name: "crit b64 true", token: await sign({ ...header, crit: ["b64"], b64: true }, JSON.stringify(claims)) },
      { name: "crit b64 false", token: await sign({ ...header, crit: ["b64"], b64: false }, "{}") },
      { name: "crit unknown", token: await sign({ ...header, crit: ["exp"], exp: 1 }, JSON.stringify(claims)) },
      { name: "header member x5u", token: await sign({ ...header, x5u: "https://x/" }, JSON.stringify(claims)) },
      { name: "header __proto__", token: `${b64('{"alg":"RS256","__proto__":{"x":1}}')}.${gp}.${gs}` },
      { name: "header an array", token: `${b64("[1]")}.${gp}.${gs}` },
      { name: "header not JSON", token: `${b64("{alg")}.${gp}.${gs}` },
      { name: "exp missing", token: await sign(header, without("exp")) },
      { name: "iat missing", token: await sign(header, without("iat")) },
      { name: "aud missing", token: await sign(header, without("aud")) },
      { name: "iss missing", token: await sign(header, without("iss")) },
      { name: "iss another", token: await sign(header, withClaims({ iss: "https://other/" })) },
      { name: "aud another", token: await sign(header, withClaims({ aud: SELF_SERVICE_AUDIENCE })) },
      { name: "aud a list without it", token: await sign(header, withClaims({ aud: ["https://other/"] })) },
      { name: "aud a number", token: await sign(header, withClaims({ aud: 1 })) },
      { name: "exp a string", token: await sign(header, withClaims({ exp: String(now + 60) })) },
      { name: "exp null", token: await sign(header, withClaims({ exp: null })) },
      { name: "exp passed", token: await sign(header, withClaims({ exp: now - 10 })) },
      { name: "exp within the tolerance", token: await sign(header, withClaims({ exp: now - 4 })) },
      { name: "iat in the future", token: await sign(header, withClaims({ iat: now + 60 })) },
      { name: "iat a little ahead", token: await sign(header, withClaims({ iat: now + 4 })) },
      { name: "iat too old", token: await sign(header, withClaims({ iat: now - LIFETIME - 10, exp: now + 60 })) },
      { name: "nbf ahead", token: await sign(header, withClaims({ nbf: now + 60 })) },
      { name: "nbf a string", token: await sign(header, withClaims({ nbf: "0" })) },
      { name: "claims an array", token: await sign(header, "[1]") },
      { name: "claims not JSON", token: await sign(header, "{x") },
      { name: "claims not UTF-8", token: await sign(header, new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])) },
    ];
  });

  it("decides the common token and a wrong signature, and leaves the rest to jose, who answers the same wherever it decides", async () => {
    const issuer = new TokenIssuer(key, DEFAULT_CONFIG.domain, LIFETIME);
    const quick = new QuickVerifier(key.publicKey, key.kid, { issuer: ISSUER, clockTolerance: 5, maxTokenAge: LIFETIME });
    const answer = (v: Verification | null) => (v === null ? null : v.claims === null ? v.refused : v.claims);
    const decided: string[] = [];
    for (const { name, token } of corpus) {
      for (const audience of [MANAGEMENT_AUDIENCE, SELF_SERVICE_AUDIENCE]) {
        const own = answer(quick.check(token, audience));
        const jose = answer(await issuer.verifyWithJose(`Bearer ${token}`, audience));
        if (own === null) continue;
        expect({ name, audience, answer: own }).toEqual({ name, audience, answer: jose });
        if (audience === MANAGEMENT_AUDIENCE) decided.push(`${name}: ${typeof own === "string" ? own : "accepted"}`);
      }
    }
    expect(decided).toEqual([
      "good: accepted",
      "no typ, no kid: accepted",
      "typ at+jwt: accepted",
      "audience in a list: accepted",
      "nbf now: accepted",
      "signature flipped: invalid_signature",
      "signature of another key: invalid_signature",
      "signature short: invalid_signature",
      "signature of other claims: invalid_signature",
      "bad signature, claims refused too: invalid_signature",
      "exp within the tolerance: accepted",
      "iat a little ahead: accepted",
    ]);
  });

  it("leaves a key jose would refuse (under 2048 bits) to jose", async () => {
    const pair = await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"]);
    const now = Math.floor(Date.now() / 1000);
    const input = `${b64({ alg: "RS256", kid: "k" })}.${b64({ iss: ISSUER, aud: MANAGEMENT_AUDIENCE, iat: now, exp: now + 60 })}`;
    const token = `${input}.${cryptoSign("sha256", Buffer.from(input), KeyObject.from(pair.privateKey)).toString("base64url")}`;
    const small = new QuickVerifier(pair.publicKey, "k", { issuer: ISSUER, clockTolerance: 5, maxTokenAge: LIFETIME });
    expect(small.check(token, MANAGEMENT_AUDIENCE)).toBeNull();
  });
});
