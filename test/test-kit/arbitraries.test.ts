/**
 * The arbitraries of @flowspec/fixtures as published, as seeded property tests: every value they
 * make for a record or one of the 61 variants is valid for our validator and for Ajv on the
 * published schema, and every "one mutation away" value gives exactly its announced issue. The seed
 * is printed; `FUZZ_SEED=<n> npx vitest run test/test-kit/arbitraries.test.ts` replays a run.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  flowActionArbitrary,
  invalidRecordArbitrary,
  invalidVariantArbitrary,
  RECORD_NAMES,
  recordArbitrary,
  VARIANT_KEYS,
  variantArbitrary,
  type InvalidValue,
} from "../../packages/fixtures/dist/arbitraries.js";
import { FIXTURES } from "../../packages/fixtures/dist/index.js";
import { FUZZ_SEED } from "../validator/support/fuzz-seed.js";
import { referenceValidators } from "../validator/support/reference-ajv.js";
import { validator, type ValidationResult } from "../validator/support/validator.js";

console.log(`arbitraries seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED} npx vitest run test/test-kit/arbitraries.test.ts)`);

const ajv = referenceValidators();
type Validate = (value: unknown) => ValidationResult<unknown>;
const validators = validator as unknown as Readonly<Record<string, Validate>>;
const runs = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns });

function gives(result: ValidationResult<unknown>, { issue }: InvalidValue): boolean {
  if (result.ok) return false;
  const first = result.issues[0]!;
  return (
    first.code === issue.code &&
    first.path === issue.path &&
    (issue.limit === undefined || first.params?.limit === issue.limit) &&
    (issue.allowed === undefined || JSON.stringify(first.allowed) === JSON.stringify(issue.allowed))
  );
}

describe.each(RECORD_NAMES.map((name) => [name, validators[FIXTURES.validators[name]]!] as const))("record %s", (name, validate) => {
  it("makes valid values only", () => {
    fc.assert(fc.property(recordArbitrary(name), (value) => validate(value).ok && ajv(name)(value)), runs(60));
  });
  it("makes invalid values with exactly their announced issue", () => {
    fc.assert(fc.property(invalidRecordArbitrary(name), (invalid) => gives(validate(invalid.value), invalid)), runs(60));
  });
});

describe.each(VARIANT_KEYS.map((key) => [key] as const))("variant %s", (key) => {
  it("makes valid values and invalid ones with their issue", () => {
    const validate = validator.validateFlowAction as Validate;
    fc.assert(fc.property(variantArbitrary(key), (value) => validate(value).ok && ajv("FlowAction")(value)), runs(15));
    fc.assert(fc.property(invalidVariantArbitrary(key), (invalid) => gives(validate(invalid.value), invalid)), runs(25));
  });
});

it("makes nested flow actions that are valid", () => {
  fc.assert(fc.property(flowActionArbitrary({ depth: 3 }), (action) => validator.validateFlowAction(action).ok), runs(100));
});

it("shrinks a failure to a readable value", () => {
  // A property that fails for any name longer than 3 characters: the counterexample shrinks to the shortest such name.
  const failure = fc.check(fc.property(recordArbitrary("CreateFlowRequestContent"), (body) => body.name.length <= 3), { seed: FUZZ_SEED });
  expect(failure.failed).toBe(true);
  expect(failure.counterexample?.[0]).toEqual({ name: "aaaa" });
});

it("refuses a name it does not know, when the arbitrary is made", () => {
  expect(() => recordArbitrary("NoSuchRecord" as "TokenRequest")).toThrow(/no record named "NoSuchRecord"/);
  expect(() => variantArbitrary("STRIPE:NOPE" as "STRIPE:ADD_TAX_ID")).toThrow(/no variant named/);
});

it("gives each invalid value its own allowed list, though the shape table shares one per type", () => {
  // Wrong-type values of two variants announce the same list of every type: the table holds it once.
  const wrongType = (key: (typeof VARIANT_KEYS)[number]) => fc.sample(invalidVariantArbitrary(key), { seed: 7, numRuns: 200 }).find((invalid) => invalid.issue.code === "unknown_type")!;
  const [first, second] = [wrongType(VARIANT_KEYS[0]!), wrongType(VARIANT_KEYS[1]!)];
  expect(second.issue.allowed).toEqual(first.issue.allowed);
  (first.issue.allowed as unknown[]).push("ZZ_ADDED_BY_A_TEST");
  expect(second.issue.allowed).not.toContain("ZZ_ADDED_BY_A_TEST");
  expect(wrongType(VARIANT_KEYS[0]!).issue.allowed).not.toContain("ZZ_ADDED_BY_A_TEST");
});
