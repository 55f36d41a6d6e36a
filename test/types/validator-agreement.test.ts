/**
 * Types and validator agree on the spec's examples: every one (61 variants' params, as whole
 * FlowActions, and the records') is accepted by @flowspec/validator and compiles against
 * @flowspec/types; and the example with one property the spec does not declare is rejected by both
 * wherever the object is closed, so neither check is vacuous.
 */
import { describe, expect, it } from "vitest";
import * as validator from "../../packages/validator/dist/index.js";
import { exampleCases, withUnknownProperty, type ExampleCase } from "../support/example-cases.js";
import { validatorsOfRecords } from "../support/public-validators.js";
import { realIr } from "../support/spec-ir.js";
import { compileAgainstTypes } from "../support/tsc.js";

/** The validator of each record a public validator checks (the token request's grants through the union's), from the generator's list. */
const VALIDATORS = validatorsOfRecords(realIr());

interface Checked {
  /** The TypeScript type the value must satisfy. */
  readonly type: string;
  readonly value: unknown;
  readonly validate: (value: unknown) => { readonly ok: boolean };
}

/** A variant's params become a whole action (what the validator checks); a record stays itself. */
function checked(c: ExampleCase, value: unknown): Checked | undefined {
  if (c.variant !== undefined) {
    const action = { type: c.variant.type, action: c.variant.action, id: "example", params: value };
    return { type: c.variant.name, value: action, validate: validator.validateFlowAction };
  }
  const validate = VALIDATORS.get(c.type);
  return validate === undefined ? undefined : { type: c.type, value, validate };
}

const lines = (list: readonly Checked[]) => list.map((c, i) => `export const value${i}: T.${c.type} = ${JSON.stringify(c.value)};`);

describe("types and validator agree", () => {
  const cases = exampleCases(realIr());

  it("cover every variant and the request records", () => {
    expect(cases.filter((c) => c.variant !== undefined)).toHaveLength(61);
    expect(cases.length).toBeGreaterThan(61);
  });

  it("on every example: both accept it", () => {
    const all = cases.map((c) => checked(c, c.value)).filter((c): c is Checked => c !== undefined);
    expect(all.length).toBeGreaterThan(61);
    expect(all.filter((c) => !c.validate(c.value).ok).map((c) => c.type)).toEqual([]);
    expect(compileAgainstTypes(lines(all)).failing).toEqual([]);
  });

  it("on every closed example with an unknown property: both reject it", () => {
    const mutated = cases
      .filter((c) => c.closed)
      .map((c) => {
        const value = withUnknownProperty(c.value);
        return value === undefined ? undefined : checked(c, value);
      })
      .filter((c): c is Checked => c !== undefined);
    expect(mutated.length).toBeGreaterThan(50);
    expect(mutated.filter((c) => c.validate(c.value).ok).map((c) => c.type)).toEqual([]);
    expect(compileAgainstTypes(lines(mutated)).failing).toEqual(mutated.map((_, i) => i + 1));
  });
});
