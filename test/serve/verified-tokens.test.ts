/**
 * The verified tokens the stand-in remembers (stand-in/verified-tokens.ts): a token sent again is
 * answered from memory only for the key and audience it was verified with, and only while jose
 * would still take it; a refused token is never remembered; the memory is bounded.
 */
import { generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG } from "../../generator/src/stand-in/config.ts";
import { generateSigningKey } from "../../generator/src/stand-in/signing-key.ts";
import { TokenIssuer, type Verification } from "../../generator/src/stand-in/tokens.ts";
import { VerifiedTokens } from "../../generator/src/stand-in/verified-tokens.ts";
import { ADMIN, MANAGEMENT_AUDIENCE, SELF_SERVICE_AUDIENCE, testSigningKey } from "./support/stand-in.ts";

const grant = { clientId: ADMIN.id, audience: MANAGEMENT_AUDIENCE, scopes: ["create:flows"], subject: `${ADMIN.id}@clients`, grantType: "client-credentials" };

/** The claims of an accepted verification, or the reason of a refusal. */
const outcome = (v: Verification) => (v.claims === null ? v.refused : v.claims);

afterEach(() => vi.useRealTimers());

describe("flowspec serve: verified tokens remembered", () => {
  it("answers a token sent again from memory, for the audience it was verified for only", async () => {
    const issuer = new TokenIssuer(await testSigningKey(), DEFAULT_CONFIG.domain, 600);
    const bearer = `Bearer ${await issuer.issue(grant)}`;
    const first = await issuer.verify(bearer, MANAGEMENT_AUDIENCE);
    const again = await issuer.verify(bearer, MANAGEMENT_AUDIENCE);
    expect(first.claims).toMatchObject({ azp: ADMIN.id, scope: "create:flows" });
    // The very object verified first: jose did not run again. Frozen, so no request changes it for the next.
    expect(again.claims).toBe(first.claims);
    expect(Object.isFrozen(first.claims)).toBe(true);
    expect(outcome(await issuer.verify(bearer, SELF_SERVICE_AUDIENCE))).toBe("invalid_token");
    // Another spelling of the scheme is another entry, verified afresh, and as good.
    expect(outcome(await issuer.verify(`bearer ${bearer.slice(7)}`, MANAGEMENT_AUDIENCE))).toMatchObject({ azp: ADMIN.id });
  });

  it("never remembers a refusal: a wrong signature is refused every time, before and after the right one is remembered", async () => {
    const key = await testSigningKey();
    const issuer = new TokenIssuer(key, DEFAULT_CONFIG.domain, 600);
    const token = await issuer.issue(grant);
    const other = await generateKeyPair("RS256");
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as JWTPayload;
    // The same header and claims, signed by a key the stand-in does not hold.
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", typ: "JWT", kid: key.kid }).sign(other.privateKey);
    for (let i = 0; i < 2; i++) expect(outcome(await issuer.verify(`Bearer ${forged}`, MANAGEMENT_AUDIENCE))).toBe("invalid_signature");
    expect(outcome(await issuer.verify(`Bearer ${token}`, MANAGEMENT_AUDIENCE))).toMatchObject({ azp: ADMIN.id });
    expect(outcome(await issuer.verify(`Bearer ${forged}`, MANAGEMENT_AUDIENCE))).toBe("invalid_signature");
    // The right signature on other claims: no entry for it either.
    const [h, , s] = token.split(".") as [string, string, string];
    const swapped = `${h}.${Buffer.from(JSON.stringify({ ...claims, scope: "create:flows update:resource_servers" })).toString("base64url")}.${s}`;
    expect(outcome(await issuer.verify(`Bearer ${swapped}`, MANAGEMENT_AUDIENCE))).toBe("invalid_signature");
  });

  it("refuses a remembered token once the key changes: a stand-in with another key, or an entry made with another", async () => {
    const issuer = new TokenIssuer(await testSigningKey(), DEFAULT_CONFIG.domain, 600);
    const bearer = `Bearer ${await issuer.issue(grant)}`;
    expect(outcome(await issuer.verify(bearer, MANAGEMENT_AUDIENCE))).toMatchObject({ azp: ADMIN.id });
    const rotated = await generateSigningKey();
    // A key with another id: the token names a key the stand-in no longer has.
    expect(outcome(await new TokenIssuer(rotated, DEFAULT_CONFIG.domain, 600).verify(bearer, MANAGEMENT_AUDIENCE))).toBe("invalid_token");
    // The same id over another key (a key file replaced): the signature does not verify.
    expect(outcome(await new TokenIssuer({ ...rotated, kid: (await testSigningKey()).kid }, DEFAULT_CONFIG.domain, 600).verify(bearer, MANAGEMENT_AUDIENCE))).toBe("invalid_signature");
    const memory = new VerifiedTokens({ clockTolerance: 5, maxTokenAge: 600 }, 4);
    const now = Math.floor(Date.now() / 1000);
    memory.put(bearer, rotated.publicKey, MANAGEMENT_AUDIENCE, { iat: now, exp: now + 600 });
    expect(memory.get(bearer, rotated.publicKey, MANAGEMENT_AUDIENCE)).toBeDefined();
    expect(memory.get(bearer, (await testSigningKey()).publicKey, MANAGEMENT_AUDIENCE)).toBeUndefined();
  });

  it("refuses a remembered token as jose would at the present time: past exp, past the maximum age, before iat", async () => {
    const key = await testSigningKey();
    const lifetime = 60;
    const issuer = new TokenIssuer(key, DEFAULT_CONFIG.domain, lifetime);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Math.floor(Date.now() / 1000) * 1000;
    vi.setSystemTime(start);
    const bearer = `Bearer ${await issuer.issue(grant)}`;
    const at = async (seconds: number, token = bearer) => {
      vi.setSystemTime(start + seconds * 1000);
      return outcome(await issuer.verify(token, MANAGEMENT_AUDIENCE));
    };
    const first = await at(0);
    expect(first).toMatchObject({ azp: ADMIN.id });
    // The clock tolerance is 5 s: remembered up to exp + 4 s, refused from exp + 5 s.
    expect(await at(lifetime + 4)).toBe(first);
    expect(await at(lifetime + 5)).toBe("invalid_token");
    expect(await at(lifetime + 4)).not.toBe(first);
    // Set back before iat by more than the tolerance (a clock corrected), the remembered token is refused too.
    expect(await at(0)).toMatchObject({ azp: ADMIN.id });
    expect(await at(-6)).toBe("invalid_token");
    // A token living longer than the stand-in's lifetime is refused past the maximum age, remembered or not.
    const long = `Bearer ${await new SignJWT({ azp: ADMIN.id, scope: "create:flows" })
      .setProtectedHeader({ alg: "RS256", kid: key.kid })
      .setIssuer(issuer.issuer)
      .setAudience(MANAGEMENT_AUDIENCE)
      .setIssuedAt(start / 1000)
      .setExpirationTime(start / 1000 + 3600)
      .sign(key.privateKey)}`;
    const longFirst = await at(0, long);
    expect(longFirst).toMatchObject({ azp: ADMIN.id });
    expect(await at(lifetime + 5, long)).toBe(longFirst);
    expect(await at(lifetime + 6, long)).toBe("invalid_token");
  });

  it("keeps at most its bound, the oldest dropped first", () => {
    const memory = new VerifiedTokens({ clockTolerance: 5, maxTokenAge: 600 }, 2);
    const key = {};
    const now = Math.floor(Date.now() / 1000);
    for (const name of ["a", "b", "c"]) memory.put(name, key, MANAGEMENT_AUDIENCE, { iat: now, exp: now + 600, sub: name });
    expect(memory.size).toBe(2);
    expect(["a", "b", "c"].map((name) => memory.get(name, key, MANAGEMENT_AUDIENCE)?.sub)).toEqual([undefined, "b", "c"]);
    // "c", found last, is dropped too in its turn: what was found last is no way around the bound.
    for (const name of ["d", "e"]) memory.put(name, key, MANAGEMENT_AUDIENCE, { iat: now, exp: now + 600, sub: name });
    expect(memory.get("c", key, MANAGEMENT_AUDIENCE)).toBeUndefined();
    expect(memory.size).toBe(2);
  });
});
