/**
 * Action objects reached by several paths (built in process, or from YAML aliases): checked once per
 * run where the answer cannot differ, so the cost is linear in the distinct objects, and the answer
 * is exactly the one for the same value written out as JSON (every path reported, in order).
 */
import { describe, expect, it } from "vitest";
import { validator } from "./support/validator.js";

type Action = Record<string, unknown>;

const DO_NOTHING: Action = { id: "n", type: "FLOW", action: "DO_NOTHING" };
const BAD: Action = { id: "#", type: "FLOW", action: "DO_NOTHING" };

function condition(then: unknown[], id = "c"): Action {
  return { id, type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: true, then } };
}

/** `levels` conditions, each holding the next one twice: 2^levels paths to `leaf`. */
function doubling(leaf: Action, levels: number): Action {
  let action = leaf;
  for (let i = 0; i < levels; i++) action = condition([action, action]);
  return action;
}

/** A leaf whose `id` counts how often it is read. */
function countingLeaf(): { leaf: Action; reads: () => number } {
  let reads = 0;
  const leaf = Object.defineProperty({ type: "FLOW", action: "DO_NOTHING" }, "id", {
    enumerable: true,
    get: () => {
      reads++;
      return "n";
    },
  });
  return { leaf, reads: () => reads };
}

/** The same value with every shared object copied: what JSON.parse would have built. */
function writtenOut<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const flow = (actions: unknown[]) => ({ name: "shared", actions });

describe("shared action objects", () => {
  it("returns at once for the issue's 26 levels of doubled conditions (2^26 paths), in both modes", () => {
    const start = performance.now();
    expect(validator.validateCreateFlowRequest(flow([doubling(DO_NOTHING, 26)])).ok).toBe(true);
    expect(validator.validateCreateFlowRequest(flow([doubling(DO_NOTHING, 26)]), { allErrors: true }).ok).toBe(true);
    const bad = validator.validateCreateFlowRequest(flow([doubling(BAD, 26)]), { allErrors: true });
    expect(bad.ok ? 0 : bad.issues.length).toBe(100);
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it("reads a shared object a bounded number of times, not once per path", () => {
    const { leaf, reads } = countingLeaf();
    expect(validator.validateCreateFlowRequest(flow([doubling(leaf, 16)])).ok).toBe(true);
    // 65,536 paths; the first 64 checks run before sharing starts (each reads `id` three times).
    expect(reads()).toBeLessThan(300);
  });

  it("reads a leaf shared by a long list a bounded number of times", () => {
    const { leaf, reads } = countingLeaf();
    expect(validator.validateCreateFlowRequest(flow(Array.from({ length: 100_000 }, () => leaf))).ok).toBe(true);
    expect(reads()).toBeLessThan(300);
  });

  it.each([
    ["valid", doubling(DO_NOTHING, 10)],
    ["a bad leaf", doubling(BAD, 10)],
    ["a bad leaf beside good ones", doubling(condition([DO_NOTHING, BAD, DO_NOTHING]), 8)],
  ])("gives the issues of the value written out as JSON: %s", (_name, action) => {
    for (const options of [{}, { allErrors: true }, { allErrors: true, maxIssues: 7 }, { allErrors: true, maxIssues: 1000 }]) {
      expect(validator.validateCreateFlowRequest(flow([action, action]), options)).toEqual(validator.validateCreateFlowRequest(writtenOut(flow([action, action])), options));
    }
  });

  it("reports a shared invalid action at every path that reaches it, in order", () => {
    const result = validator.validateCreateFlowRequest(flow([condition([BAD, BAD]), BAD]), { allErrors: true });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(["/actions/0/params/then/0/id", "/actions/0/params/then/1/id", "/actions/1/id"]);
  });

  it("reports every item that is not an object after one that is, as the value written out does", () => {
    // The repeat shortcut once matched two nulls (or a number then a null) in a row and replayed the
    // object before them: [valid, null, null] lost /actions/2 with allErrors.
    for (const actions of [[DO_NOTHING, null, null], [DO_NOTHING, 5, null], [condition([DO_NOTHING, null, null]), null]]) {
      const result = validator.validateCreateFlowRequest(flow(actions), { allErrors: true });
      expect(result).toEqual(validator.validateCreateFlowRequest(writtenOut(flow(actions)), { allErrors: true }));
      expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(actions.length === 3 ? ["/actions/1", "/actions/2"] : ["/actions/0/params/then/1", "/actions/0/params/then/2", "/actions/1"]);
    }
  });

  it("checks depth again where a shared subtree is reached deeper", () => {
    // Ten levels fit at the top, but not under 25 more: 35 > maxDepth 32.
    let inner = DO_NOTHING;
    for (let i = 1; i < 10; i++) inner = condition([inner]);
    let outer = inner;
    for (let i = 0; i < 25; i++) outer = condition([outer]);
    const actions = [...Array.from({ length: 70 }, () => inner), outer];
    for (const options of [{}, { allErrors: true }]) {
      const shared = validator.validateCreateFlowRequest(flow(actions), options);
      expect(shared.ok ? "" : shared.issues[0]!.code).toBe("too_deep");
      expect(shared).toEqual(validator.validateCreateFlowRequest(writtenOut(flow(actions)), options));
    }
  });

  it("stays bounded on a cycle that branches (each level holds itself twice)", () => {
    const loop = condition([]);
    (loop.params as { then: unknown[] }).then.push(loop, loop);
    const start = performance.now();
    for (const options of [{}, { allErrors: true }]) {
      const result = validator.validateCreateFlowRequest(flow([loop]), options);
      expect(result.ok ? "" : result.issues[0]!.code).toBe("too_deep");
    }
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it("reads a cycle through then and else once per depth, in both modes, whatever maxIssues is (issue 23)", () => {
    let reads = 0;
    const params = { if: true, then: [] as unknown[], else: [] as unknown[] };
    const loop = Object.defineProperty({ id: "c", type: "FLOW", action: "BOOLEAN_CONDITION" }, "params", {
      enumerable: true,
      get: () => {
        reads++;
        return params;
      },
    });
    params.then.push(loop, loop);
    params.else.push(loop, loop);
    for (const options of [{}, { allErrors: true }, { allErrors: true, maxIssues: 1 }, { allErrors: true, maxIssues: Number.MAX_SAFE_INTEGER }]) {
      reads = 0;
      const result = validator.validateCreateFlowRequest(flow([loop]), { ...options, maxDepth: 12 });
      expect(result.ok ? "" : result.issues[0]!.code).toBe("too_deep");
      // 4^12 paths; once answers are kept (after 64 checks), one read per depth.
      expect(reads).toBeLessThanOrEqual(64 + 13);
    }
  });

  it("stops repeating a shared object's issues at maxRepeatedIssues, as at maxIssues", () => {
    const bad = doubling(BAD, 20);
    const result = validator.validateCreateFlowRequest(flow([bad]), { allErrors: true, maxIssues: 1_000_000, maxRepeatedIssues: 50 });
    const issues = result.ok ? [] : result.issues;
    // The first checked leaf's issue, then 50 repeated ones (2^20 paths written out).
    expect(issues).toHaveLength(51);
    expect(issues.every((i) => i.code === "invalid_format")).toBe(true);
    expect(validator.validateCreateFlowRequest(flow([bad]), { maxRepeatedIssues: 0 })).toMatchObject({ ok: false, issues: [{ code: "invalid_option", params: { option: "maxRepeatedIssues" } }] });
  });
});
