/**
 * Hostile input: no validator ever throws, whatever it is given, the input is never changed, the
 * safety limits hold, and the cost stays bounded on huge input.
 */
import { describe, expect, it } from "vitest";
import { validator, VALIDATORS_BY_RECORD } from "./support/validator.js";

const DO_NOTHING = { id: "noop", type: "FLOW", action: "DO_NOTHING" };

/** Every public validator (the generator's list). */
const VALIDATORS = VALIDATORS_BY_RECORD.map(([, validate]) => validate);

function condition(then: unknown[]): Record<string, unknown> {
  return { id: "branch", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: true, then } };
}

/** BOOLEAN_CONDITION nested `depth` levels (the innermost holds DO_NOTHING), built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let action: Record<string, unknown> = DO_NOTHING;
  for (let i = 1; i < depth; i++) action = condition([action]);
  return action;
}

function firstIssue(result: { ok: boolean; issues?: readonly { code: string; path: string }[] }): { code: string; path: string } | undefined {
  return result.ok ? undefined : result.issues?.[0];
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function throwingProxy(): object {
  const fail = () => {
    throw new Error("trap");
  };
  return new Proxy({}, { get: fail, has: fail, ownKeys: fail, getOwnPropertyDescriptor: fail, getPrototypeOf: fail });
}

function throwingGetter(key: string): object {
  return Object.defineProperty({ ...DO_NOTHING }, key, {
    enumerable: true,
    get() {
      throw new Error(`getter ${key}`);
    },
  });
}

const cyclic: Record<string, unknown> = { name: "cycle" };
cyclic.self = cyclic;
const cyclicAction = condition([]);
(cyclicAction.params as { then: unknown[] }).then.push(cyclicAction);

const HOSTILE: [string, () => unknown][] = [
  ["undefined", () => undefined],
  ["a symbol", () => Symbol("s")],
  ["a function", () => () => 1],
  ["a BigInt", () => 10n],
  ["NaN", () => NaN],
  ["a Map", () => new Map([["name", "x"]])],
  ["a Set", () => new Set([1])],
  ["a Date", () => new Date(0)],
  ["a cyclic object", () => cyclic],
  ["a cyclic action list", () => ({ name: "x", actions: [cyclicAction] })],
  ["a revoked Proxy", revokedProxy],
  ["a Proxy whose traps throw", throwingProxy],
  ["a flow with a revoked Proxy action", () => ({ name: "x", actions: [revokedProxy()] })],
  ["a flow with a throwing Proxy action", () => ({ name: "x", actions: [throwingProxy()] })],
  ["a throwing getter on name", () => Object.defineProperty({}, "name", { enumerable: true, get: () => { throw new Error("boom"); } })],
  ["an action with a throwing getter on params", () => ({ name: "x", actions: [throwingGetter("params")] })],
  ["an action with a throwing getter on type", () => ({ name: "x", actions: [throwingGetter("type")] })],
  ["a getter that throws a non-Error", () => ({ name: "x", actions: [Object.defineProperty({}, "type", { enumerable: true, get: () => { throw throwingProxy(); } })] })],
  ["BigInt fields", () => ({ name: 1n, actions: [{ id: "a", type: "FLOW", action: "DELAY_FLOW", params: { number: 5n } }] })],
  ["a Map action", () => ({ name: "x", actions: [new Map(Object.entries(DO_NOTHING))] })],
  ["a sparse action list", () => ({ name: "x", actions: [, DO_NOTHING] })], // eslint-disable-line no-sparse-arrays
  ["an array as the flow", () => [DO_NOTHING]],
  ["a string as the flow", () => "flow"],
];

describe("no validator ever throws", () => {
  it.each(HOSTILE)("%s", (_name, make) => {
    for (const validate of VALIDATORS) {
      const result = validate(make());
      expect(typeof result.ok).toBe("boolean");
      if (!result.ok) expect(result.issues.length).toBeGreaterThan(0);
      expect(() => validate(make(), { allErrors: true })).not.toThrow();
      expect(() => validate["~standard"].validate(make())).not.toThrow();
    }
  });

  it("reports what a getter or a Proxy threw as `unreadable`, at the action", () => {
    expect(firstIssue(validator.validateCreateFlowRequest({ name: "x", actions: [DO_NOTHING, throwingGetter("params")] }))).toEqual(
      expect.objectContaining({ code: "unreadable", path: "/actions/1" }),
    );
    expect(firstIssue(validator.validateCreateFlowRequest({ name: "x", actions: [revokedProxy()] }))).toEqual(expect.objectContaining({ code: "unreadable", path: "/actions/0" }));
  });

  it("treats a cycle through then/else as too deep", () => {
    expect(firstIssue(validator.validateFlowAction(cyclicAction))?.code).toBe("too_deep");
  });

  it("accepts a cyclic value where any JSON value is allowed (it is never walked)", () => {
    const action = { id: "a", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: cyclic } };
    expect(validator.validateFlowAction(action).ok).toBe(true);
  });

  it("never throws on hostile options, and says which option is wrong", () => {
    const flow = { name: "x" };
    expect(firstIssue(validator.validateCreateFlowRequest(flow, throwingProxy() as object))?.code).toBe("invalid_option");
    for (const options of [null, 5, { maxDepth: 0 }, { maxDepth: NaN }, { maxIssues: 1.5 }, { allErrors: "yes" }, { domain: "https://x.com/" }]) {
      const result = validator.validateCreateFlowRequest(flow, options as never);
      expect(firstIssue(result)?.code).toBe("invalid_option");
    }
  });
});

describe("only own properties count", () => {
  it("does not take an inherited name for a name", () => {
    expect(firstIssue(validator.validateCreateFlowRequest(Object.create({ name: "inherited" })))).toMatchObject({ code: "required", path: "/name" });
  });

  it("does not dispatch on an inherited type", () => {
    const action = Object.assign(Object.create({ type: "FLOW" }) as object, { id: "a", action: "DO_NOTHING" });
    expect(firstIssue(validator.validateFlowAction(action))).toMatchObject({ code: "required", path: "/type" });
  });

  it("counts an own property that is not enumerable, as JSON Schema validators do", () => {
    const hidden = (id: string) => Object.defineProperty({ type: "FLOW", action: "DO_NOTHING" }, "id", { value: id, enumerable: false });
    expect(validator.validateFlowAction(hidden("n")).ok).toBe(true);
    expect(firstIssue(validator.validateFlowAction(hidden("#")))).toMatchObject({ code: "invalid_format", path: "/id" });
  });

  it("never runs a getter inherited from Object.prototype (issue 23: params on an action that has none)", () => {
    let reads = 0;
    const names = ["params", "alias", "allow_failure", "mask_output", "actions", "then", "else"];
    for (const name of names) Object.defineProperty(Object.prototype, name, { configurable: true, get: () => (reads++, { bad: 1 }) });
    let results: boolean[] = [];
    try {
      const flow = { name: "x", actions: [DO_NOTHING, condition([DO_NOTHING])] };
      results = [validator.validateCreateFlowRequest(flow).ok, validator.validateCreateFlowRequest(flow, { allErrors: true }).ok, validator.validateFlowAction(DO_NOTHING).ok];
    } finally {
      for (const name of names) delete (Object.prototype as Record<string, unknown>)[name];
    }
    expect(results).toEqual([true, true, true]);
    expect(reads).toBe(0);
  });

  it("accepts null-prototype objects", () => {
    const action = Object.assign(Object.create(null) as object, DO_NOTHING);
    const flow = Object.assign(Object.create(null) as object, { name: "x", actions: [action] });
    expect(validator.validateCreateFlowRequest(flow).ok).toBe(true);
  });

  it("rejects __proto__, constructor and prototype keys in closed objects, and pollutes nothing", () => {
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const action = JSON.parse(`{"id": "a", "type": "FLOW", "action": "DO_NOTHING", ${JSON.stringify(key)}: {"polluted": true}}`) as unknown;
      expect(firstIssue(validator.validateFlowAction(action))).toMatchObject({ code: "unknown_property", path: `/${key}` });
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe("the input is never changed", () => {
  function deepFreeze<T>(value: T): T {
    if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const child of Object.values(value)) deepFreeze(child);
    }
    return value;
  }

  it("validates frozen input, valid and invalid, without touching it", () => {
    const valid = { name: "Frozen", actions: [condition([DO_NOTHING]), { id: "d", type: "FLOW", action: "DELAY_FLOW", params: { number: 3 } }] };
    const invalid = { name: "", actions: [{ id: "#", type: "FLOW", action: "DELAY_FLOW", params: { number: -1, extra: 1 } }] };
    for (const input of [valid, invalid]) {
      const before = structuredClone(input);
      deepFreeze(input);
      const result = validator.validateCreateFlowRequest(input, { allErrors: true });
      expect(result.ok).toBe(input === valid);
      expect(input).toEqual(before);
    }
  });

  it("returns the input itself as the value", () => {
    const flow = { name: "Same" };
    const result = validator.validateCreateFlowRequest(flow);
    expect(result.ok && result.value).toBe(flow);
  });
});

describe("depth", () => {
  it("accepts nesting up to maxDepth and refuses one level more, before recursing", () => {
    expect(validator.validateFlowAction(nested(32)).ok).toBe(true);
    const issue = firstIssue(validator.validateFlowAction(nested(33)));
    expect(issue).toMatchObject({ code: "too_deep", path: `${"/params/then/0".repeat(32)}` });
    expect(validator.validateFlowAction(nested(33), { maxDepth: 33 }).ok).toBe(true);
  });

  it("refuses BOOLEAN_CONDITION nested a million deep in bounded time", () => {
    const deep = nested(1_000_000);
    const start = performance.now();
    const result = validator.validateCreateFlowRequest({ name: "deep", actions: [deep] });
    expect(firstIssue(result)?.code).toBe("too_deep");
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it("reads only maxDepth levels of a deeper nest", () => {
    let reads = 0;
    let action: Record<string, unknown> = DO_NOTHING;
    for (let i = 1; i < 1_000; i++) {
      const then = [action];
      action = Object.defineProperty({ id: "branch", type: "FLOW", action: "BOOLEAN_CONDITION" }, "params", {
        enumerable: true,
        get: () => {
          reads++;
          return { if: true, then };
        },
      });
    }
    expect(firstIssue(validator.validateFlowAction(action))?.code).toBe("too_deep");
    expect(reads).toBeGreaterThanOrEqual(32);
    expect(reads).toBeLessThanOrEqual(2 * 32);
  });

  it("turns a stack overflow (a limit set beyond the stack) into too_deep", () => {
    const result = validator.validateFlowAction(nested(200_000), { maxDepth: 1_000_000 });
    expect(firstIssue(result)?.code).toBe("too_deep");
  });
});

describe("size", () => {
  it("decides a 10 MB name from its length, without counting code points", () => {
    const name = "x".repeat(10 * 1024 * 1024);
    const start = performance.now();
    expect(firstIssue(validator.validateCreateFlowRequest({ name }))).toMatchObject({ code: "too_long", path: "/name" });
    expect(performance.now() - start).toBeLessThan(100);
  });

  it("checks 10 MB strings against formats and open fields in bounded time", () => {
    const big = "a".repeat(10 * 1024 * 1024);
    const start = performance.now();
    expect(validator.validateFlowAction({ id: big, type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: big } }).ok).toBe(true);
    expect(firstIssue(validator.validateFlowAction({ id: `${big}#`, type: "FLOW", action: "DO_NOTHING" }))?.code).toBe("invalid_format");
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it("validates a million actions", () => {
    const actions = Array.from({ length: 1_000_000 }, () => DO_NOTHING);
    expect(validator.validateCreateFlowRequest({ name: "big", actions }).ok).toBe(true);
  });

  it("caps the issues of a million bad actions, and stops at the cap", () => {
    const bad = { id: "#", type: "FLOW", action: "DO_NOTHING" };
    const actions = Array.from({ length: 1_000_000 }, () => bad);
    const start = performance.now();
    const result = validator.validateCreateFlowRequest({ name: "bad", actions }, { allErrors: true, maxIssues: 50 });
    expect(result.ok ? 0 : result.issues.length).toBe(50);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(result.ok ? [] : result.issues.map((i) => i.path).slice(0, 2)).toEqual(["/actions/0/id", "/actions/1/id"]);
  });
});

describe("re-entrancy and values that change", () => {
  it("survives a getter that validates again while it is read", () => {
    const action = Object.defineProperty({ id: "a", type: "FLOW", action: "DO_NOTHING" }, "params", {
      enumerable: true,
      get: () => (validator.validateCreateFlowRequest({ name: "inner", actions: [nested(5)] }).ok ? {} : { bad: 1 }),
    });
    expect(validator.validateCreateFlowRequest({ name: "outer", actions: [action, nested(3)] }).ok).toBe(true);
  });

  it("gives a result when a value changes each time it is read", () => {
    let n = 0;
    const action = Object.defineProperty({ id: "a", action: "DO_NOTHING" }, "type", { enumerable: true, get: () => (n++ % 2 === 0 ? "FLOW" : "HTTP") });
    expect(typeof validator.validateFlowAction(action).ok).toBe("boolean");
  });
});
