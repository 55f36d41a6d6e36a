/**
 * The engine's stack: called with the stack nearly full, every function of the package answers as
 * the README promises (the right answer, or `too_deep`), never a wrong code; a RangeError thrown by
 * a user's getter is that user's error (`unreadable`), not the stack's.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { validator } from "./support/validator.js";

const LEAF = { id: "n", type: "FLOW", action: "DO_NOTHING" };

function condition(then: unknown[]): Record<string, unknown> {
  return { id: "c", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: true, then } };
}

// Thirty levels (the limit is 32): checking it needs much more stack than calling the validator does,
// so near the engine's limit there are depths where the call starts but cannot finish.
let nested: unknown = LEAF;
for (let i = 0; i < 30; i++) nested = condition([nested, LEAF]);
const VALID_FLOW = { name: "x", actions: [nested, { id: "d", type: "FLOW", action: "DELAY_FLOW", params: { number: 3 } }] };

const NO_ROOM = "no room to call";

/**
 * Calls `probe` at every depth from the engine's limit back up (a few times over, to vary what is
 * left), and tallies its answers. Near the limit the probe stores what it got and nothing more (no
 * further call, which could overflow in turn); a RangeError thrown by the call itself means there was
 * no room to enter the function at all, and is tallied apart. The answers are read afterwards.
 */
function atEveryDepth<R>(probe: () => R, describe: (answer: R) => string): Map<string, number> {
  const answers: unknown[] = new Array(200_000);
  let count = 0;
  const down = (): void => {
    try {
      down();
    } catch {
      // the limit: start probing on the way back up
    }
    if (count >= answers.length) return;
    try {
      answers[count] = probe();
    } catch (error) {
      answers[count] = error instanceof RangeError ? NO_ROOM : error;
    }
    count++;
  };
  for (let round = 0; round < 3; round++) down();
  const outcomes = new Map<string, number>();
  for (const answer of answers.slice(0, count)) {
    const key = answer === NO_ROOM ? NO_ROOM : typeof answer === "object" && answer !== null && "ok" in answer ? describe(answer as R) : `threw ${String(answer)}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  return outcomes;
}

function codes(result: { ok: boolean; issues?: readonly { code: string }[] }): string {
  return result.ok ? "ok" : [...new Set(result.issues?.map((i) => i.code))].join(",");
}

describe("with the stack nearly full", () => {
  it.each([
    ["first-error mode", {}],
    ["allErrors mode", { allErrors: true }],
  ])("a valid flow is valid or too_deep in %s, never another code", (_mode, options) => {
    const outcomes = atEveryDepth(() => validator.validateCreateFlowRequest(VALID_FLOW, options), codes);
    for (const key of outcomes.keys()) expect(key, JSON.stringify([...outcomes])).toMatch(/^(?:ok|too_deep|no room to call)$/);
    expect(outcomes.get("ok")).toBeGreaterThan(0);
    expect(outcomes.get("too_deep"), JSON.stringify([...outcomes])).toBeGreaterThan(0);
  });

  it("an invalid flow is reported as such or too_deep", () => {
    const bad = { ...VALID_FLOW, name: "" };
    const outcomes = atEveryDepth(() => validator.validateCreateFlowRequest(bad), codes);
    for (const key of outcomes.keys()) expect(key, JSON.stringify([...outcomes])).toMatch(/^(?:too_short|too_deep|no room to call)$/);
  });

  it("decodeFormBody and parseRateLimitHeaders answer or say too_deep", () => {
    const headers = { "X-RateLimit-Limit": "1", "X-RateLimit-Remaining": "1", "X-RateLimit-Reset": "1" };
    const forms = atEveryDepth(() => validator.decodeFormBody("name=x&actions[0][id]=a"), codes);
    const limits = atEveryDepth(() => validator.parseRateLimitHeaders(headers), codes);
    for (const key of [...forms.keys(), ...limits.keys()]) expect(key, JSON.stringify([...forms, ...limits])).toMatch(/^(?:ok|too_deep|no room to call)$/);
  });
});

describe("errors users throw", () => {
  it("reports a getter's RangeError about the call stack as unreadable, with its message", () => {
    const action = Object.defineProperty({ ...LEAF }, "params", {
      enumerable: true,
      get() {
        throw new RangeError("call stack of the workflow engine exhausted");
      },
    });
    for (const validate of [() => validator.validateFlowAction(action), () => validator.validateCreateFlowRequest({ name: "x", actions: [action] })]) {
      const result = validate();
      expect(result.ok ? undefined : result.issues[0]).toMatchObject({ code: "unreadable", message: expect.stringContaining("call stack of the workflow engine") });
    }
  });

  it("reports a thrown value whose own traps throw as unreadable, even at the top", () => {
    const hostile = new Proxy({}, { getPrototypeOf: () => { throw new Error("trap"); } });
    const root = Object.defineProperty({}, "type", { enumerable: true, get: () => { throw hostile; } });
    const result = validator.validateFlowAction(root);
    expect(result.ok ? undefined : result.issues[0]?.code).toBe("unreadable");
  });

  it("says what was thrown even when its message is empty", () => {
    const action = Object.defineProperty({ ...LEAF }, "params", { enumerable: true, get: () => { throw new Error(""); } });
    const result = validator.validateFlowAction(action);
    expect(result.ok ? "" : result.issues[0]!.message).toMatch(/could not be read: \w+/);
  });
});

describe("the request check and the CommonJS entry with the stack nearly full (issue 23)", () => {
  const require = createRequire(import.meta.url);
  const cjs = require("../../packages/validator/dist/index.cjs") as typeof validator;
  const service = require("../../packages/validator/dist/service.cjs") as typeof import("../../packages/validator/dist/service.js");
  const check = service.createRequestCheck("post_flows", { globalClients: ["admin"] });
  const claims = { azp: "admin", scope: "create:flows" };
  const headers = { "content-type": "application/json" };

  /** A RangeError raised inside the package and not caught there: its stack holds more than one frame of `file`. */
  function escaped(error: unknown, file: string): boolean {
    if (!(error instanceof RangeError)) return error !== undefined;
    return (error.stack ?? "").split("\n").filter((line) => line.includes(file)).length > 1;
  }

  /** Calls `probe` at every depth from the engine's limit back up; returns what escaped the package. */
  function escapes(probe: () => unknown, file: string): string[] {
    const thrown: unknown[] = [];
    const down = (): void => {
      try {
        down();
      } catch {
        // the limit
      }
      if (thrown.length > 20_000) return;
      try {
        probe();
        thrown.push(undefined);
      } catch (error) {
        thrown.push(error);
      }
    };
    for (let round = 0; round < 3; round++) down();
    return thrown.filter((error) => escaped(error, file)).map((error) => String((error as Error).stack).split("\n").slice(0, 3).join(" | "));
  }

  it("createRequestCheck answers on its error paths and its valid path, never throws from inside", () => {
    const bodies = ['{"name":""}', '{"name":"x"}', "{", '{"name":"x","actions":[{"id":"#","type":"FLOW","action":"DO_NOTHING"}]}'];
    let i = 0;
    const found = escapes(() => check({ method: "POST", headers, rawBody: bodies[i++ % bodies.length], claims }), "service.cjs");
    expect(found).toEqual([]);
  });

  it("the CommonJS entries export plain values: reading one calls nothing", () => {
    for (const entry of [cjs, service]) {
      const getters = Object.keys(entry).filter((name) => Object.getOwnPropertyDescriptor(entry, name)?.get !== undefined);
      expect(getters).toEqual([]);
    }
    expect(escapes(() => cjs.validateFlowAction, "index.cjs")).toEqual([]);
  });
});
