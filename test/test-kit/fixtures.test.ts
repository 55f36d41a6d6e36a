/**
 * @flowspec/fixtures as published: for every record and all 61 variants, the minimal and full values
 * pass our validator and Ajv on the published schema, and every invalid fixture gives exactly its
 * announced issue (code, path, limit, allowed) from our validator, and is refused by Ajv too.
 */
import { describe, expect, it } from "vitest";
import { FIXTURES, recordFixtures, variantFixtures, type FixtureSet, type InvalidFixture } from "../../packages/fixtures/dist/index.js";
import { FLOW_ACTION_KEYS } from "../../packages/types/index.js";
import { referenceValidators } from "../validator/support/reference-ajv.js";
import { validator, type ValidationResult } from "../validator/support/validator.js";

const ajv = referenceValidators();
type Validate = (value: unknown) => ValidationResult<unknown>;
const validators = validator as unknown as Readonly<Record<string, Validate>>;

/** The first issue as the fixture announces it: only the fields the fixture states. */
function announced(result: ValidationResult<unknown>, fixture: InvalidFixture): Record<string, unknown> | undefined {
  if (result.ok) return undefined;
  const issue = result.issues[0]!;
  return {
    code: issue.code,
    path: issue.path,
    ...(fixture.issue.limit !== undefined && { limit: issue.params?.limit }),
    ...(fixture.issue.allowed !== undefined && { allowed: issue.allowed }),
  };
}

function checks(set: FixtureSet<unknown>, validate: Validate, schema: string): void {
  it("accepts the minimal and the full value and every edge (our validator and Ajv on the published schema)", () => {
    for (const value of [set.minimal, set.full, ...set.edges.map((e) => e.value)]) {
      expect(validate(value)).toEqual({ ok: true, value });
      expect(ajv(schema)(value), JSON.stringify(ajv(schema).errors)).toBe(true);
    }
  });

  it("gives every invalid fixture exactly its announced issue; Ajv refuses each", () => {
    expect(set.invalid.length).toBeGreaterThan(0);
    for (const fixture of set.invalid) {
      expect(announced(validate(fixture.value), fixture), fixture.name).toEqual(fixture.issue);
      expect(ajv(schema)(fixture.value), fixture.name).toBe(false);
    }
  });
}

it("covers all 61 variants and every record a public validator checks", () => {
  expect(Object.keys(FIXTURES.variants).sort()).toEqual([...FLOW_ACTION_KEYS].sort());
  expect(Object.keys(FIXTURES.variants)).toHaveLength(61);
  for (const [record, name] of Object.entries(FIXTURES.validators)) {
    expect(typeof validators[name], name).toBe("function");
    expect(recordFixtures(record as keyof typeof FIXTURES.records)).toBe(FIXTURES.records[record as keyof typeof FIXTURES.records]);
  }
  expect(() => variantFixtures("STRIPE:NOPE" as "STRIPE:ADD_TAX_ID")).toThrow(TypeError);
});

it("has the kinds of spoiler the issue names, for a variant with every kind", () => {
  const codes = new Set(Object.values(FIXTURES.variants).flatMap((s) => s.invalid.map((f) => f.issue.code)));
  expect([...codes].sort()).toEqual(expect.arrayContaining(["invalid_format", "invalid_type", "not_allowed", "out_of_range", "required", "too_long", "too_short", "unknown_action", "unknown_property", "unknown_type"]));
  // The wrong pair: an action that exists under another type.
  const pair = variantFixtures("STRIPE:ADD_TAX_ID").invalid.find((f) => f.issue.code === "unknown_action")!;
  expect((pair.value as { action: string }).action).not.toMatch(/^ZZ/);
});

describe.each(Object.entries(FIXTURES.validators))("record %s", (record, name) => {
  checks(FIXTURES.records[record as keyof typeof FIXTURES.records] as FixtureSet<unknown>, validators[name]!, record);
});

describe.each(Object.keys(FIXTURES.variants))("variant %s", (key) => {
  checks(variantFixtures(key as "STRIPE:ADD_TAX_ID") as FixtureSet<unknown>, validator.validateFlowAction as Validate, "FlowAction");
});
