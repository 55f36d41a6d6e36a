/**
 * `allErrors` bounds the work, not just the issues: once `maxIssues` issues are found the validator
 * stops looking, in every list and map, so a million bad items (or a list whose `length` claims four
 * billion) cost about what a hundred do. Work is counted as reads of the input, through Proxies.
 */
import { describe, expect, it } from "vitest";
import { validator } from "./support/validator.js";

/** A list of `length` items made by `item`, counting how many are read. */
function countingList(length: number, item: (i: number) => unknown): { list: unknown[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy([] as unknown[], {
    get(target, key, receiver) {
      if (key === "length") return length;
      if (typeof key === "string" && /^\d+$/.test(key)) {
        reads++;
        return item(Number(key));
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, reads: () => reads };
}

/** A map of `size` entries (keys k0, k1, …) made by `value`, counting how many values are read. */
function countingMap(size: number, value: unknown): { map: object; reads: () => number } {
  let reads = 0;
  const keys = Array.from({ length: size }, (_, i) => `k${i}`);
  const map = new Proxy({} as Record<string, unknown>, {
    ownKeys: () => keys,
    getOwnPropertyDescriptor: (_target, key) => (typeof key === "string" && key.startsWith("k") ? { value, enumerable: true, configurable: true, writable: true } : undefined),
    has: (_target, key) => typeof key === "string" && key.startsWith("k"),
    get(_target, key) {
      if (typeof key === "string" && key.startsWith("k")) {
        reads++;
        return value;
      }
      return undefined;
    },
  });
  return { map, reads: () => reads };
}

function issueCount(result: { ok: boolean; issues?: readonly unknown[] }): number {
  return result.ok ? 0 : (result.issues?.length ?? 0);
}

describe("allErrors stops looking at the cap", () => {
  it("reads about maxIssues items of a million bad scopes", () => {
    const { list, reads } = countingList(1_000_000, () => 0);
    const result = validator.validateResourceServerScopesUpdate({ scopes: list }, { allErrors: true });
    expect(issueCount(result)).toBe(100);
    expect(reads()).toBeLessThan(300);
  });

  it("costs little on the issue's plain million-item list", () => {
    const start = performance.now();
    const result = validator.validateResourceServerScopesUpdate({ scopes: Array(1_000_000).fill(0) }, { allErrors: true, maxIssues: 20 });
    expect(issueCount(result)).toBe(20);
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it("reads about maxIssues items of a million bad HUBSPOT properties", () => {
    const { list, reads } = countingList(1_000_000, () => ({ property: 5 }));
    const action = { id: "h", type: "HUBSPOT", action: "UPSERT_CONTACT", params: { connection_id: "ac_1", email: "a@b.c", properties: list } };
    expect(issueCount(validator.validateFlowAction(action, { allErrors: true }))).toBe(100);
    expect(reads()).toBeLessThan(300);
  });

  it("reads about maxIssues values of a map with 100,000 bad entries", () => {
    const { map, reads } = countingMap(100_000, true);
    const action = { id: "r", type: "HTTP", action: "SEND_REQUEST", params: { url: "https://example.com", params: map } };
    expect(issueCount(validator.validateFlowAction(action, { allErrors: true }))).toBe(100);
    expect(reads()).toBeLessThan(300);
  });

  it("stops on a sparse list or a Proxy whose length is 2^32 - 1", () => {
    const longest = 2 ** 32 - 1;
    const start = performance.now();
    expect(issueCount(validator.validateResourceServerScopesUpdate({ scopes: new Array(longest) }, { allErrors: true }))).toBe(100);
    expect(issueCount(validator.validateCreateFlowRequest({ name: "x", actions: new Array(longest) }, { allErrors: true }))).toBe(100);
    const { list } = countingList(longest, () => undefined);
    expect(issueCount(validator.validateCreateFlowRequest({ name: "x", actions: list }, { allErrors: true }))).toBe(100);
    const nested = { id: "c", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: true, then: new Array(longest) } };
    expect(issueCount(validator.validateCreateFlowRequest({ name: "x", actions: [nested] }, { allErrors: true, maxIssues: 5 }))).toBe(5);
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it("stops a nested list once the run as a whole has enough issues", () => {
    const bad = { id: "#", type: "FLOW", action: "DO_NOTHING" };
    const { list, reads } = countingList(1_000_000, () => bad);
    const nested = { id: "c", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: true, then: list } };
    // Five issues before the list, five in it: the cap is reached inside the nested list.
    const actions = [...Array.from({ length: 5 }, () => bad), nested];
    expect(issueCount(validator.validateCreateFlowRequest({ name: "x", actions }, { allErrors: true, maxIssues: 10 }))).toBe(10);
    expect(reads()).toBeLessThan(20);
  });

  it("still reports every issue up to the cap, in order", () => {
    const good = { value: "read:reports", description: "Read the reports" };
    const result = validator.validateResourceServerScopesUpdate({ scopes: [0, good, 1, 2, 3] }, { allErrors: true, maxIssues: 3 });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(["/scopes/0", "/scopes/2", "/scopes/3"]);
  });
});
