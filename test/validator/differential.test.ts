/**
 * Differential, seeded: the shipped validator against Ajv compiled at run time from the published
 * JSON Schema, over valid values made from the IR, the same values broken in one random place, and
 * random values. Every case must get the same verdict from both, in both modes, and ours must never
 * throw. A failure prints the seed and the counterexample.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionArb, hostileArb, mutationArb, valueArb } from "./support/arbitraries.js";
import { referenceValidators } from "./support/reference-ajv.js";
import { loadIr } from "./support/spec.js";
import { VALIDATORS_BY_RECORD } from "./support/validator.js";
import type { Json } from "./support/values.js";

const ir = loadIr();
const reference = referenceValidators();
const SEED = 20261122;
// Fewer broken values and fewer values of any type than the fuzz suite: fuzz-validators.test.ts
// runs the same spaces (mutationArb against Ajv in both modes, 1,000 a record; fc.anything, 2,500)
// with a new seed every run and more checks on each input; here a fixed seed holds a sample still.
const RUNS = { valid: 300, mutated: 200, random: 200, anything: 150 };

type Validate = (input: unknown, options?: { allErrors?: boolean }) => { ok: boolean };

const TARGETS: readonly (readonly [record: string, validate: Validate])[] = VALIDATORS_BY_RECORD;

function validArb(record: string): fc.Arbitrary<Json> {
  if (record === "FlowAction") return actionArb(ir, 2);
  const schema = ir.records.find((r) => r.name === record)!.schema;
  return valueArb(ir, schema, 2);
}

/** Both verdicts, in both modes; ours must not throw (a throw fails the property). */
function agree(record: string, validate: Validate, input: Json): boolean {
  const expected = reference(record)(input);
  return validate(input).ok === expected && validate(input, { allErrors: true }).ok === expected;
}

function check(record: string, validate: Validate, arb: fc.Arbitrary<Json>, numRuns: number): void {
  fc.assert(
    fc.property(arb, (input) => agree(record, validate, input)),
    { seed: SEED, numRuns },
  );
}

describe.each(TARGETS)("%s agrees with Ajv on the published schema", (record, validate) => {
  it("on valid values made from the IR", () => {
    let accepted = 0;
    fc.assert(
      fc.property(validArb(record), (input) => {
        if (reference(record)(input)) accepted++;
        return agree(record, validate, input);
      }),
      { seed: SEED, numRuns: RUNS.valid },
    );
    // The generator is meant to make valid values; most must be (unions may make a few ambiguous).
    expect(accepted).toBeGreaterThan(RUNS.valid * 0.8);
  });

  it("on values broken in one random place", () => {
    let rejected = 0;
    fc.assert(
      fc.property(mutationArb(ir, validArb(record)), (input) => {
        if (!reference(record)(input)) rejected++;
        return agree(record, validate, input);
      }),
      { seed: SEED, numRuns: RUNS.mutated },
    );
    expect(rejected).toBeGreaterThan(RUNS.mutated * 0.3);
  });

  it("on random values", () => {
    check(record, validate, hostileArb(ir), RUNS.random);
  });
});

it("never throws on any value fast-check can make, JSON or not", () => {
  fc.assert(
    fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withObjectString: true, withNullPrototype: true, withSparseArray: true, withTypedArray: true, withDate: true, maxDepth: 4 }), (input) => {
      for (const [, validate] of TARGETS) {
        validate(input);
        validate(input, { allErrors: true });
        validate({ name: "x", actions: [input] });
      }
      return true;
    }),
    { seed: SEED, numRuns: RUNS.anything },
  );
});
