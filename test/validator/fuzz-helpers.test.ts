/**
 * Seeded fuzzing (the seed of fuzz-validators, printed; FUZZ_SEED replays it) of everything around
 * the validators, about 10,000 inputs:
 *
 * - pattern automata against `RegExp` with the `u` flag, on random patterns and random strings;
 * - decodeFormBody on random bodies: never throws, well-formed issues, and what it decodes can be
 *   validated;
 * - the self-service audience rule against the platform's URL parser: whatever `new URL` reads as
 *   the `/me/` path of some host is accepted only when it is exactly the audience of the domain;
 * - parseRateLimitHeaders, checkScopes and selfServiceAudience on random input.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ISSUE_CODES } from "../../generator/runtime/validator/issue-codes.js";
import { dfaMatcherSource } from "../../generator/src/emit/validator/dfa-matcher.js";
import { determinise } from "../../generator/src/pattern/dfa.js";
import { buildNfa } from "../../generator/src/pattern/regex-nfa.js";
import { parseRegex, Unsupported } from "../../generator/src/pattern/regex-syntax.js";
import { FUZZ_SEED } from "./support/fuzz-seed.js";
import { validator } from "./support/validator.js";

const RUNS = { patterns: 400, stringsPerPattern: 10, forms: 3_000, audiences: 1_500, helpers: 1_000 };
const CODES = new Set(Object.keys(ISSUE_CODES));

function ensure(condition: boolean, what: string, detail?: unknown): void {
  if (!condition) throw new Error(`${what}${detail === undefined ? "" : `: ${JSON.stringify(detail).slice(0, 500)}`}`);
}

function wellFormed(result: { ok: boolean; issues?: readonly { code: string; path: string; message: string }[] }, most: number): void {
  if (result.ok) return;
  const issues = result.issues ?? [];
  ensure(issues.length > 0 && issues.length <= most, `between 1 and ${most} issues expected`, issues);
  for (const i of issues) ensure(CODES.has(i.code) && (i.path === "" || i.path.startsWith("/")) && i.message.length > 0, "a malformed issue", i);
}

// ---- patterns -----------------------------------------------------------------------------------

const ATOMS = ["a", "b", "c", "-", "\\.", ".", "[ab]", "[^a]", "[a-c0-9]", "\\d", "\\w", "\\s", "é", "😀", "[😀-😂]"];
const QUANTIFIERS = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "*?", "+?"];

/** Random patterns over a few characters: every construct the automata support, nested. */
const patternArb: fc.Arbitrary<string> = fc.letrec<{ pattern: string; term: string }>((tie) => ({
  term: fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...ATOMS), fc.constantFrom(...QUANTIFIERS)).map(([a, q]) => a + q) },
    { weight: 1, arbitrary: fc.tuple(tie("pattern"), fc.constantFrom(...QUANTIFIERS), fc.boolean()).map(([p, q, capture]) => `(${capture ? "" : "?:"}${p})${q}`) },
  ),
  pattern: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.array(tie("term"), { minLength: 1, maxLength: 4 }).map((terms) => terms.join("")),
    fc.array(fc.array(tie("term"), { minLength: 0, maxLength: 3 }).map((t) => t.join("")), { minLength: 2, maxLength: 3 }).map((alts) => alts.join("|")),
  ),
})).pattern.chain((body) => fc.constantFrom(body, `^${body}`, `${body}$`, `^${body}$`, `^(?:${body})$`));

const textArb = fc.string({ unit: fc.constantFrom("a", "b", "c", "-", ".", "0", " ", "\n", "é", "😀", "😁", "\ud800", "x"), maxLength: 12 });

describe("fuzzing pattern automata", () => {
  it("match exactly as RegExp with the u flag", () => {
    let compiled = 0;
    fc.assert(
      fc.property(patternArb, fc.array(textArb, { minLength: RUNS.stringsPerPattern, maxLength: RUNS.stringsPerPattern }), (pattern, texts) => {
        let source: string;
        try {
          source = dfaMatcherSource(determinise(buildNfa(parseRegex(pattern))));
        } catch (error) {
          if (error instanceof Unsupported) return; // too many states: refused, never compiled
          throw error;
        }
        compiled++;
        const matcher = new Function(`return ${source}`)() as (s: string) => boolean;
        const regexp = new RegExp(pattern, "u");
        for (const text of texts) ensure(matcher(text) === regexp.test(text), `${pattern} on ${JSON.stringify(text)}: RegExp says ${regexp.test(text)}`);
      }),
      { seed: FUZZ_SEED + 10, numRuns: RUNS.patterns },
    );
    expect(compiled).toBeGreaterThan(RUNS.patterns * 0.9);
  });
});

// ---- form bodies --------------------------------------------------------------------------------

const FORM_TOKENS = ["a", "=", "&", "[", "]", "%", "2", "F", "%2F", "%E2%82%AC", "%ZZ", "%C3", "+", "name", "actions", "0", "1", "01", "id", "type", "action", "params", "number", "FLOW", "DO_NOTHING", "DELAY_FLOW", "__proto__", "é", " ", "true", "-5", "1e3"];
const formArb = fc.array(fc.constantFrom(...FORM_TOKENS), { maxLength: 40 }).map((tokens) => tokens.join(""));

describe("fuzzing decodeFormBody", () => {
  it("never throws, gives well-formed issues, and decodes what the validator can check", () => {
    fc.assert(
      fc.property(formArb, fc.constantFrom(undefined, { maxKeyDepth: 2 }, { maxFields: 3 }), (text, options) => {
        const result = validator.decodeFormBody(text, options);
        wellFormed(result, 100);
        if (result.ok) wellFormed(validator.validateCreateFlowRequest(result.value, { allErrors: true }), 100);
        ensure(({} as { polluted?: unknown }).polluted === undefined, "Object.prototype was polluted");
      }),
      { seed: FUZZ_SEED + 11, numRuns: RUNS.forms },
    );
  });
});

// ---- the self-service audience --------------------------------------------------------------------

const DOMAIN = "login.example.com";
const EXACT = `https://${DOMAIN}/me/`;
const TOKEN = { grant_type: "authorization_code", client_id: "app", code: "c0de", redirect_uri: "https://app.example.com/callback" };

const audienceArb = fc
  .tuple(
    fc.constantFrom("", " ", "\t"),
    fc.constantFrom("https://", "HTTPS://", "http://", "https:", "https:///", "https:\\\\", "wss://"),
    fc.constantFrom(DOMAIN, "LOGIN.Example.com", "evil.com", `${DOMAIN}:443`, `user@${DOMAIN}`, `${DOMAIN}.`),
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("/me/", "/ME/", "/Me", "/%6De/", "/%6de/", "/m%65/", "/./me/", "/x/../me/", "//me/", "/me//", "/me", "\\me\\", "/%256De/", "/me;p/", "/m\te/").map((p) => [p]) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom("/", "//", "\\", "me", "ME", "%6De", "m%65", ".", "..", "x", ";p", "%2F", "\t", "mine"), { maxLength: 6 }) },
    ),
    fc.constantFrom("", "/", "?", "?x", "#", "#x", " ", "%20", "\n"),
  )
  .map(([lead, scheme, host, path, tail]) => `${lead}${scheme}${host}${path.join("")}${tail}`);

/** Does the platform's URL parser read this as the `/me/` path (in any case, with or without the slash)? */
function urlReadsAsMe(audience: string): boolean {
  let url: URL;
  try {
    url = new URL(audience);
  } catch {
    return false;
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  return /^\/+me\/*$/i.test(path);
}

describe("fuzzing the self-service audience rule", () => {
  it("accepts what a URL parser reads as /me/ only when it is exactly the domain's audience", () => {
    let meantForIt = 0;
    fc.assert(
      fc.property(audienceArb, (audience) => {
        const withDomain = validator.validateTokenRequest({ ...TOKEN, audience }, { domain: DOMAIN });
        wellFormed(withDomain, 1);
        if (urlReadsAsMe(audience)) {
          meantForIt++;
          const exact = audience.slice(0, EXACT.length - "/me/".length).toLowerCase() + audience.slice(EXACT.length - "/me/".length) === EXACT;
          ensure(withDomain.ok === exact, `${JSON.stringify(audience)}: accepted ${withDomain.ok}, exact ${exact}`);
          const clientCredentials = validator.validateTokenRequest({ grant_type: "client_credentials", client_id: "m2m", client_secret: "s", audience });
          ensure(!clientCredentials.ok, `${JSON.stringify(audience)}: the client credentials grant got through`);
        }
      }),
      { seed: FUZZ_SEED + 12, numRuns: RUNS.audiences },
    );
    expect(meantForIt).toBeGreaterThan(RUNS.audiences / 10);
  });
});

// ---- helpers --------------------------------------------------------------------------------------

const headerNameArb = fc.constantFrom("X-RateLimit-Limit", "x-ratelimit-limit", "X-RATELIMIT-REMAINING", "X-RateLimit-Reset", "x-ratelimit-reset", "Other", "__proto__");
const headerValueArb = fc.oneof(fc.constantFrom("0", "10", " 1", "1e3", "-1", "9007199254740993", "", "01"), fc.nat().map(String), fc.integer(), fc.array(fc.constantFrom("1", "2"), { maxLength: 2 }), fc.constant(undefined));
const headersArb = fc.oneof(
  fc.dictionary(headerNameArb, headerValueArb),
  fc.array(fc.tuple(headerNameArb, fc.nat().map(String)), { maxLength: 6 }).map((entries) => new Map(entries)),
  fc.array(fc.tuple(headerNameArb, fc.nat().map(String)), { maxLength: 6 }).map((entries) => new Headers(entries.filter(([name]) => name !== "__proto__"))),
  fc.anything({ maxDepth: 1 }),
);

describe("fuzzing the helpers", () => {
  it("parseRateLimitHeaders never throws and gives safe integers", () => {
    fc.assert(
      fc.property(headersArb, (headers) => {
        const result = validator.parseRateLimitHeaders(headers as never);
        wellFormed(result, 3);
        if (result.ok) for (const n of Object.values(result.value)) ensure(Number.isSafeInteger(n) && n >= 0, "not a safe integer", result);
      }),
      { seed: FUZZ_SEED + 13, numRuns: RUNS.helpers },
    );
  });

  it("checkScopes never throws", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom("post_flows", "get_authorize", "__proto__", "toString"), fc.string()), fc.anything({ maxDepth: 1 }), (operation, granted) => {
        const result = validator.checkScopes(operation as never, granted as never);
        ensure(typeof result.ok === "boolean" && result.operation === operation, "a malformed answer", result);
      }),
      { seed: FUZZ_SEED + 14, numRuns: RUNS.helpers },
    );
  });

  it("selfServiceAudience builds the audience of a host name and refuses anything else", () => {
    fc.assert(
      fc.property(fc.oneof(fc.domain(), fc.string(), fc.anything({ maxDepth: 0 })), (domain) => {
        let built: string | undefined;
        try {
          built = validator.selfServiceAudience(domain as never);
        } catch (error) {
          ensure(error instanceof TypeError, "threw something other than a TypeError", String(error));
          return;
        }
        ensure(typeof domain === "string" && built === `https://${domain.toLowerCase()}/me/`, "built a wrong audience", built);
        ensure(validator.validateTokenRequest({ ...TOKEN, audience: built }, { domain: domain as string }).ok, "its own audience is refused", built);
      }),
      { seed: FUZZ_SEED + 15, numRuns: RUNS.helpers },
    );
  });
});
