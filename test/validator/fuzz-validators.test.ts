/**
 * Seeded fuzzing of the validators (a new seed each run, printed; FUZZ_SEED replays one), about
 * 13,000 inputs: bodies made from the IR and broken in one place, random JSON and random values of
 * any JavaScript type, and action graphs that share objects. On every input:
 *
 * - the verdict is Ajv's (compiled at run time from the published JSON Schema), in both modes;
 * - nothing throws, the input is not changed, no built-in prototype gains a property;
 * - the issues are well formed and at most `maxIssues` (one in first-error mode);
 * - a graph that shares objects gets exactly the result of the same value written out as JSON.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ISSUE_CODES } from "../../generator/runtime/validator/issue-codes.js";
import { actionArb, hostileArb, mutationArb, valueArb } from "./support/arbitraries.js";
import { fingerprint, prototypeNames } from "./support/fingerprint.js";
import { FUZZ_SEED } from "./support/fuzz-seed.js";
import { referenceValidators } from "./support/reference-ajv.js";
import { loadIr } from "./support/spec.js";
import { validator, VALIDATORS_BY_RECORD } from "./support/validator.js";
import { createRequire } from "node:module";
import type { Json } from "./support/values.js";

const ir = loadIr();
const reference = referenceValidators();
const RUNS = { mutated: 1_000, json: 300, anything: 2_500, shared: 800 };

type Options = { allErrors?: boolean; maxIssues?: number; maxDepth?: number };
type Result = { ok: boolean; value?: unknown; issues?: readonly { code: string; path: string; message: string }[] };
type Validate = (input: unknown, options?: Options) => Result;

const TARGETS: readonly (readonly [record: string, validate: Validate])[] = VALIDATORS_BY_RECORD;

const PROTOTYPES = prototypeNames();

const CODES = new Set(Object.keys(ISSUE_CODES));

/** Throws (failing the property) with what broke; cheaper than `expect` in a loop of thousands. */
function ensure(condition: boolean, what: string, result?: unknown): void {
  if (!condition) throw new Error(`${what}${result === undefined ? "" : `: ${JSON.stringify(result).slice(0, 500)}`}`);
}

/** Every invariant of one call; returns the result for further checks. */
function checked(validate: Validate, input: unknown, options: Options = {}): Result {
  const before = fingerprint(input);
  const result = validate(input, options);
  ensure(fingerprint(input) === before, "the input was changed");
  ensure(prototypeNames() === PROTOTYPES, "a built-in prototype gained a property");
  if (result.ok) {
    ensure(result.value === input, "the value is not the input itself");
    return result;
  }
  const issues = result.issues ?? [];
  const most = options.allErrors ? (options.maxIssues ?? 100) : 1;
  ensure(issues.length > 0 && issues.length <= most, `between 1 and ${most} issues expected`, issues);
  for (const issue of issues) {
    ensure(CODES.has(issue.code) && (issue.path === "" || issue.path.startsWith("/")) && issue.message.length > 0, "a malformed issue", issue);
  }
  return result;
}

function validArb(record: string): fc.Arbitrary<Json> {
  if (record === "FlowAction") return actionArb(ir, 2);
  return valueArb(ir, ir.records.find((r) => r.name === record)!.schema, 2);
}

const optionsArb: fc.Arbitrary<Options> = fc.oneof(
  fc.constant({}),
  fc.constant({ allErrors: true }),
  fc.record({ allErrors: fc.constant(true), maxIssues: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ maxDepth: fc.integer({ min: 1, max: 4 }) }),
);

describe.each(TARGETS)("fuzzing %s", (record, validate) => {
  it("agrees with Ajv on bodies broken in one place, and keeps every invariant", () => {
    fc.assert(
      fc.property(mutationArb(ir, validArb(record)), optionsArb, (input, options) => {
        const expected = reference(record)(input);
        const { maxDepth, ...mode } = options;
        ensure(checked(validate, input, mode).ok === expected, `Ajv says ${expected}`);
        // With a depth limit, the invariants again under it (the verdict may differ: too_deep).
        // Without one, that call was the one above.
        if (maxDepth !== undefined) checked(validate, input, options);
      }),
      { seed: FUZZ_SEED, numRuns: RUNS.mutated },
    );
  });

  it("agrees with Ajv on random JSON", () => {
    fc.assert(
      fc.property(fc.oneof(hostileArb(ir), fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>), (input) => {
        const expected = reference(record)(input);
        ensure(checked(validate, input).ok === expected && checked(validate, input, { allErrors: true }).ok === expected, `Ajv says ${expected}`);
      }),
      { seed: FUZZ_SEED + 1, numRuns: RUNS.json },
    );
  });
});

describe("fuzzing with values of any JavaScript type", () => {
  it("never throws, changes nothing and gives well-formed issues", () => {
    const anything = fc.anything({ withBigInt: true, withMap: true, withSet: true, withObjectString: true, withNullPrototype: true, withSparseArray: true, withTypedArray: true, withDate: true, maxDepth: 3 });
    fc.assert(
      fc.property(anything, fc.nat({ max: TARGETS.length - 1 }), optionsArb, (input, pick, options) => {
        const [, validate] = TARGETS[pick]!;
        checked(validate, input, options);
        checked(validator.validateCreateFlowRequest, { name: "x", actions: [input] }, options);
      }),
      { seed: FUZZ_SEED + 2, numRuns: RUNS.anything },
    );
  });
});

// ---- shared objects -----------------------------------------------------------------------------

const LEAVES: Json[] = [
  { id: "ok", type: "FLOW", action: "DO_NOTHING" },
  { id: "#", type: "FLOW", action: "DO_NOTHING" },
  { id: "d", type: "FLOW", action: "DELAY_FLOW", params: { number: -1, extra: true } },
  { id: "x", type: "NOPE", action: "X" },
];

/** A pool of actions where each condition holds earlier ones (so objects are shared), and a flow of some. */
const sharedFlowArb = fc
  .record({
    leaves: fc.array(fc.constantFrom(...LEAVES), { minLength: 1, maxLength: 3 }),
    links: fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 1, maxLength: 12 }),
    roots: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
  })
  .map(({ leaves, links, roots }) => {
    const pool: Json[] = leaves.map((leaf) => ({ ...(leaf as object) }) as Json);
    for (const picks of links) pool.push({ id: "c", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: true, then: picks.map((k) => pool[pool.length - 1 - (k % pool.length)]!) } });
    return { name: "shared", actions: roots.map((k) => pool[pool.length - 1 - (k % pool.length)]!) } as Json;
  });

/** Nodes of the value written out as a tree (capped), so huge expansions can be skipped. */
function treeSize(value: Json, cap: number): number {
  let count = 0;
  const stack: Json[] = [value];
  while (stack.length > 0 && count <= cap) {
    const v = stack.pop()!;
    count++;
    if (v !== null && typeof v === "object") stack.push(...Object.values(v));
  }
  return count;
}

const withoutValue = (r: Result) => ({ ok: r.ok, issues: r.issues });

describe("fuzzing shared action objects", () => {
  it("gives exactly the result of the value written out as JSON", () => {
    let compared = 0;
    fc.assert(
      fc.property(sharedFlowArb, optionsArb, (flow, options) => {
        if (treeSize(flow, 20_000) > 20_000) return;
        compared++;
        const tree = JSON.parse(JSON.stringify(flow)) as Json;
        const shared = JSON.stringify(withoutValue(checked(validator.validateCreateFlowRequest, flow, options)));
        ensure(shared === JSON.stringify(withoutValue(validator.validateCreateFlowRequest(tree, options))), "the result differs from the value written out", shared);
      }),
      { seed: FUZZ_SEED + 3, numRuns: RUNS.shared },
    );
    expect(compared).toBeGreaterThan(RUNS.shared / 2);
  });
});

// ---- cyclic objects -----------------------------------------------------------------------------

type Action = { id: string; type: string; action: string; params?: { if: boolean; then: Action[]; else: Action[] } };

/** Conditions whose `then` and `else` lists pick from the whole pool, themselves included: cycles and sharing. */
const cyclicFlowArb = fc
  .record({
    leaves: fc.array(fc.constantFrom(...LEAVES), { minLength: 1, maxLength: 2 }),
    links: fc.array(fc.record({ then: fc.array(fc.nat(), { maxLength: 3 }), else: fc.array(fc.nat(), { maxLength: 3 }) }), { minLength: 1, maxLength: 5 }),
    roots: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  })
  .map(({ leaves, links, roots }) => {
    const conditions: Action[] = links.map(() => ({ id: "c", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: true, then: [], else: [] } }));
    const pool = [...conditions, ...leaves.map((leaf) => ({ ...(leaf as object) }) as Action)];
    links.forEach((picks, i) => {
      conditions[i]!.params!.then.push(...picks.then.map((k) => pool[k % pool.length]!));
      conditions[i]!.params!.else.push(...picks.else.map((k) => pool[k % pool.length]!));
    });
    return { pool, flow: { name: "cyclic", actions: roots.map((k) => pool[k % pool.length]!) } };
  });

const cyclicOptionsArb = fc.record({ allErrors: fc.boolean(), maxIssues: fc.integer({ min: 1, max: 150 }), maxDepth: fc.integer({ min: 1, max: 5 }) });

/** The graph written out as a tree as deep as the check reads it (an action at `maxDepth` is never read), or null past `cap` nodes. */
function unrolled(flow: { name: string; actions: Action[] }, maxDepth: number, cap: number): Json | null {
  let nodes = 0;
  const unroll = (action: Action, depth: number): Json => {
    if (++nodes > cap) throw new RangeError("too big");
    if (depth >= maxDepth || action.params === undefined) return depth >= maxDepth ? {} : (JSON.parse(JSON.stringify(action)) as Json);
    const { then, else: otherwise } = action.params;
    return { ...action, params: { if: true, then: then.map((a) => unroll(a, depth + 1)), else: otherwise.map((a) => unroll(a, depth + 1)) } } as Json;
  };
  try {
    return { name: flow.name, actions: flow.actions.map((a) => unroll(a, 0)) } as Json;
  } catch {
    return null;
  }
}

/** Counts reads of every condition's `params` (the step into its lists). */
function countingReads(pool: Action[]): () => number {
  let reads = 0;
  for (const action of pool) {
    if (action.params === undefined) continue;
    const params = action.params;
    Object.defineProperty(action, "params", {
      enumerable: true,
      get: () => {
        reads++;
        return params;
      },
    });
  }
  return () => reads;
}

describe("fuzzing cyclic action objects (then and else hold the pool, themselves included)", () => {
  it("gives the result of the graph written out as deep as it is read, in both modes", () => {
    let compared = 0;
    fc.assert(
      fc.property(cyclicFlowArb, cyclicOptionsArb, ({ flow }, options) => {
        const tree = unrolled(flow, options.maxDepth, 20_000);
        if (tree === null) return;
        compared++;
        const cyclic = JSON.stringify(withoutValue(checked(validator.validateCreateFlowRequest, flow, options)));
        ensure(cyclic === JSON.stringify(withoutValue(validator.validateCreateFlowRequest(tree, options))), "the result differs from the graph written out", cyclic);
      }),
      { seed: FUZZ_SEED + 4, numRuns: RUNS.shared },
    );
    expect(compared).toBeGreaterThan(RUNS.shared / 2);
  });

  it("reads each object a bounded number of times per depth, whatever maxIssues is", () => {
    const options = fc.record({ allErrors: fc.boolean(), maxIssues: fc.constantFrom(1, 100, 1_000_000, Number.MAX_SAFE_INTEGER), maxDepth: fc.constantFrom(8, 32) });
    fc.assert(
      fc.property(cyclicFlowArb, options, ({ pool, flow }, opts) => {
        const reads = countingReads(pool);
        checked(validator.validateCreateFlowRequest, flow, opts);
        // The first 64 nested actions are checked before answers are kept; then one check per object and depth.
        ensure(reads() <= 64 + pool.length * (opts.maxDepth + 1) + flow.actions.length, `${reads()} reads of ${pool.length} objects`);
      }),
      { seed: FUZZ_SEED + 5, numRuns: RUNS.shared / 4 },
    );
  });
});

// ---- the request check near the stack limit -----------------------------------------------------

describe("fuzzing the request check with the stack nearly full", () => {
  // The CommonJS build, as a service that requires it runs it.
  const service = createRequire(import.meta.url)("../../packages/validator/dist/service.cjs") as typeof import("../../packages/validator/dist/service.js");
  const check = service.createRequestCheck("post_flows", { globalClients: ["admin"] });
  const claims = { azp: "admin", scope: "create:flows" };

  /**
   * Calls `probe` at each of the `frames` depths nearest the engine's limit; returns the first throw
   * from inside it, if any. What a probe throws is kept and read once the stack has unwound: reading
   * an error's `stack` formats it (vitest's source maps, regular expressions compiled on first use),
   * and that work, near the limit, can itself run out of stack, which V8 does not always survive
   * ("FATAL ERROR: RegExpCompiler Allocation failed", the worker gone). The frames were taken at the
   * throw, so the text read later is the same.
   */
  function throwNearLimit(frames: number, probe: () => unknown): unknown {
    let depth = 0;
    let limit = -1;
    let found: unknown;
    const thrown: unknown[] = new Array(100_000);
    let count = 0;
    const down = (): void => {
      depth++;
      try {
        down();
      } catch {
        if (limit < 0) limit = depth;
      }
      depth--;
      if (found !== undefined || depth < limit - frames) return;
      try {
        const outcome = probe();
        if (typeof outcome !== "object" || outcome === null || !("ok" in outcome)) found = outcome;
      } catch (error) {
        if (count < thrown.length) thrown[count++] = error;
      }
    };
    down();
    if (found !== undefined) return found;
    // No room to enter the check: one frame of it at most. More is a throw from inside.
    return thrown.slice(0, count).find((error) => String((error as Error)?.stack).split("\n").filter((line) => line.includes("service.cjs")).length > 1);
  }

  it("answers with a response or finds no room to be called, for bodies broken in one place", () => {
    fc.assert(
      fc.property(mutationArb(ir, validArb("CreateFlowRequestContent")), fc.boolean(), (body, asText) => {
        const headers = { "content-type": "application/json" };
        const request = asText ? { method: "POST", headers, rawBody: JSON.stringify(body) ?? "", claims } : { method: "POST", headers, body, claims };
        const found = throwNearLimit(Number.POSITIVE_INFINITY, () => check(request)); // every depth, from the limit up
        ensure(found === undefined, "the request check threw", String((found as Error)?.stack ?? found));
      }),
      { seed: FUZZ_SEED + 6, numRuns: 5 },
    );
  });
});
