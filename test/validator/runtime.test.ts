/**
 * Pieces of the runtime the generator bundles, tested directly where the public API cannot reach
 * every case: code-point counting against Ajv's own, JSON Pointers, classification of thrown values,
 * the one reading of a scope claim, did-you-mean against the plain definition of its distance.
 * Importing the runtime's index also puts all of it under the project's type check.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import ucs2Module from "ajv/dist/runtime/ucs2length.js";
import * as runtime from "../../generator/runtime/validator/index.js";
import { escapePointer } from "../../generator/runtime/validator/issues.js";
import { pointerToPath } from "../../generator/runtime/validator/standard.js";
import { thrownError } from "../../generator/runtime/validator/thrown.js";
import { scopeList, type ScopeRule } from "../../generator/runtime/validator/scopes.js";
import { closestMatch } from "../../generator/runtime/validator/suggest.js";
import { grantsScope } from "../../generator/runtime/validator/service/claims.js";

/** Ajv's CommonJS module: `exports.default` under some loaders, the exports object under Node's. */
const ucs2length = ("default" in ucs2Module ? (ucs2Module as { default: unknown }).default : ucs2Module) as (s: string) => number;

const anyString = fc.string({ unit: fc.oneof(fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff", "a"), fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)), fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))), maxLength: 40 });

describe("code points", () => {
  it("counts exactly as Ajv's ucs2length, lone surrogates included", () => {
    fc.assert(fc.property(anyString, (s) => runtime.codePointLength(s) === ucs2length(s)), { seed: 7, numRuns: 2000 });
  });

  it("decides a limit as counting would, for any limit", () => {
    fc.assert(
      fc.property(anyString, fc.nat({ max: 45 }), (s, k) => runtime.exceedsCodePoints(s, k) === ucs2length(s) > k && runtime.fallsShortOfCodePoints(s, k) === ucs2length(s) < k),
      { seed: 7, numRuns: 2000 },
    );
  });
});

describe("JSON Pointers", () => {
  it("escapes ~ and / as RFC 6901 says", () => {
    expect(escapePointer("a/b~c")).toBe("a~1b~0c");
  });

  it("turns list positions into numbers by reading the input, and unescapes keys", () => {
    const input = { actions: [{ params: { "a/b": 1, "0": 2 } }] };
    expect(pointerToPath(input, "/actions/0/params/a~1b")).toEqual(["actions", 0, "params", "a/b"]);
    expect(pointerToPath(input, "/actions/0/params/0")).toEqual(["actions", 0, "params", "0"]);
    expect(pointerToPath(input, "")).toEqual([]);
    expect(pointerToPath(undefined, "/missing/0")).toEqual(["missing", "0"]);
  });
});

describe("thrown values", () => {
  it("tells a stack overflow from an unreadable value", () => {
    let overflow: unknown;
    const recurse = (): number => recurse() + 1;
    try {
      recurse();
    } catch (e) {
      overflow = e;
    }
    expect(thrownError(overflow, "/x")).toEqual({ instancePath: "/x", keyword: "maxDepth", params: { limit: null } });
    expect(thrownError(new TypeError("no"), "")).toEqual({ instancePath: "", keyword: "unreadable", params: { reason: "no" } });
    expect(thrownError("text", "").keyword).toBe("unreadable");
    expect(thrownError(42, "").params.reason).toBe("a value was thrown while the input was read");
  });

  it("lets a thrown value whose own traps throw travel up, to be reported there", () => {
    const hostile = new Proxy({}, { getPrototypeOf: () => { throw new Error("trap"); } });
    expect(() => thrownError(hostile, "")).toThrow("trap");
  });
});

describe("scope claims", () => {
  it("reads a string or a list into scopes without repeats, empty entries or non-strings", () => {
    expect(scopeList(" read:flows  create:flows read:flows ")).toEqual(["read:flows", "create:flows"]);
    expect(scopeList(["read:flows", "", 5, "create:flows", "read:flows"])).toEqual(["read:flows", "create:flows"]);
    expect(scopeList(undefined)).toEqual([]);
    expect(scopeList({ scope: "read:flows" })).toEqual([]);
  });

  // Before one reading, checkScopes kept "" from a list and the request check's scope test found ""
  // between two spaces, while the listing helpers dropped empty entries: the same claim granted an
  // empty scope to two helpers and not to the third.
  const claims: unknown[] = ["read:flows  create:flows", ["", "create:flows"], ["create:flows", "create:flows"], "", [], ["read:flows create:flows"], [7, "create:flows"]];
  const denied = { status: 403, error: "insufficient_scope", message: "missing" };
  const grantedBy = (rule: string, claim: unknown) => {
    const rules: Record<string, ScopeRule> = { op: { scope: rule, denied } };
    return { checkScopes: runtime.checkScopesWith(rules, "op", claim).ok, requestCheck: grantsScope({ scope: claim }, rule), listed: scopeList(claim).includes(rule) };
  };

  it.each(claims.map((claim) => [JSON.stringify(claim), claim]))("grants the same scopes to every helper: %s", (_, claim) => {
    for (const rule of ["create:flows", "read:flows", ""]) {
      const { listed } = grantedBy(rule, claim);
      expect(grantedBy(rule, claim), rule).toEqual({ checkScopes: listed, requestCheck: listed, listed });
    }
  });

  it("never grants an empty scope, and grants neither half of a list entry that holds a space", () => {
    expect(grantedBy("", ["", "create:flows"])).toEqual({ checkScopes: false, requestCheck: false, listed: false });
    expect(grantedBy("", "read:flows  create:flows")).toEqual({ checkScopes: false, requestCheck: false, listed: false });
    expect(grantedBy("create:flows", ["read:flows create:flows"])).toEqual({ checkScopes: false, requestCheck: false, listed: false });
    expect(grantedBy("create:flows", ["", "create:flows", "create:flows"])).toEqual({ checkScopes: true, requestCheck: true, listed: true });
  });
});

/** Optimal string alignment as defined (the whole table, nothing reused or skipped): the oracle for suggest.ts. */
function plainDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The rule of suggest.ts's comment, written the slow way. */
function plainClosest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length === 0 || word.length > 64) return undefined;
  const lower = word.toLowerCase();
  const limit = word.length < 3 ? 0 : Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === word || candidate.length > 64) continue;
    const d = plainDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  if (best !== undefined || lower.length < 4) return best;
  const extensions = candidates.filter((c) => c.length <= 64 && c.toLowerCase().startsWith(lower) && c.length !== lower.length);
  return extensions.length === 1 ? extensions[0] : undefined;
}

describe("did you mean", () => {
  it("finds what the plain distance finds, with its rows reused from call to call", () => {
    // A small alphabet makes near misses common; U+0130 lengthens when lower-cased.
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "A", "_", "\u0130"), maxLength: 70 });
    fc.assert(fc.property(word, fc.array(word, { minLength: 1, maxLength: 6 }), (w, candidates) => closestMatch(w, candidates) === plainClosest(w, candidates)), { seed: 7, numRuns: 5000 });
  });

  it("finds what the plain distance finds for words a few edits from long candidates, of every length difference", () => {
    // Random words are mostly far from every candidate; these are near one, so each row of the
    // alignment, and where it stops, decides the answer.
    const name = fc.string({ unit: fc.constantFrom("A", "B", "C", "_", "1", "\u0130"), minLength: 1, maxLength: 40 });
    const edit = fc.record({ kind: fc.constantFrom("insert", "delete", "replace", "swap", "lower"), at: fc.nat(), unit: fc.constantFrom("A", "b", "_", "\u0130") });
    const apply = (w: string, e: { kind: string; at: number; unit: string }): string => {
      const i = e.at % (w.length + 1);
      if (e.kind === "insert") return w.slice(0, i) + e.unit + w.slice(i);
      if (e.kind === "delete") return w.slice(0, i) + w.slice(i + 1);
      if (e.kind === "replace") return w.slice(0, i) + e.unit + w.slice(i + 1);
      if (e.kind === "swap") return i + 1 < w.length ? w.slice(0, i) + w[i + 1]! + w[i]! + w.slice(i + 2) : w;
      return w.toLowerCase();
    };
    const near = fc.tuple(fc.array(name, { minLength: 1, maxLength: 8 }), fc.nat(), fc.array(edit, { maxLength: 12 })).map(([candidates, pick, edits]) => ({ candidates, word: edits.reduce(apply, candidates[pick % candidates.length]!) }));
    fc.assert(fc.property(near, ({ word, candidates }) => closestMatch(word, candidates) === plainClosest(word, candidates)), { seed: 11, numRuns: 5000 });
  });
});
