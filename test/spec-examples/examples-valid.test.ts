/**
 * The spec's examples are the one source of truth for the reference, the validator tests and the
 * type tests, so each must be valid against the JSON Schema the generator emits from that same spec
 * — and the schema must really judge them (a mutated example is rejected).
 */
import { describe, expect, it } from "vitest";
import type { Variant } from "../../generator/src/ir/model.js";
import { describeErrors, loadGeneratedSchemas } from "../support/generated-schemas.js";

const EXPECTED_VARIANT_COUNT = 61;

/** The records a reader sends or receives; each needs at least one example. */
const RECORDS_WITH_EXAMPLES = [
  "AuthorizationCodeTokenRequest",
  "AuthorizeQuery",
  "CreateFlowRequestContent",
  "CreateFlowResponseContent",
  "PasskeyChallengeRequest",
  "TokenRequest",
  "UpdateResourceServerScopesRequestContent",
  "WebAuthnTokenRequest",
];

const schemas = loadGeneratedSchemas();
const types = schemas.ir.flowActions.types;
const variants = types.flatMap((t) => t.variants);
const flowAction = schemas.document("FlowAction");
const paramsValidator = (v: Variant) => schemas.definition("FlowAction", v.paramsName);

function exampleOf(v: Variant): Readonly<Record<string, unknown>> {
  if (v.example === undefined) throw new Error(`${v.key} has no example in ${v.loc.file}`);
  return v.example;
}

/** The example wrapped in a whole action, as it would sit in a flow's `actions` list. */
function asAction(v: Variant, type: string = v.type): Record<string, unknown> {
  return { id: `example_${v.action.toLowerCase()}`, type, action: v.action, params: exampleOf(v) };
}

function requiredParams(v: Variant): string[] {
  const schema = paramsValidator(v).schema as { required?: unknown };
  return Array.isArray(schema.required) ? schema.required.filter((p): p is string => typeof p === "string") : [];
}

describe("flow-action examples", () => {
  it(`covers all ${EXPECTED_VARIANT_COUNT} variants, each with an example`, () => {
    expect(variants).toHaveLength(EXPECTED_VARIANT_COUNT);
    expect(variants.filter((v) => v.example === undefined).map((v) => v.key)).toEqual([]);
  });

  const cases = variants.map((v) => [v.key, v] as const);

  it.each(cases)("%s: the example is valid against its params schema", (key, v) => {
    const validate = paramsValidator(v);
    const valid = validate(exampleOf(v));
    expect(valid, `${key} example (${v.loc.file}) rejected by $defs/${v.paramsName}:\n${describeErrors(validate.errors)}`).toBe(true);
  });

  it.each(cases)("%s: the example inside a whole action is a valid FlowAction", (key, v) => {
    const valid = flowAction(asAction(v));
    expect(valid, `${key} example rejected by FlowAction.schema.json:\n${describeErrors(flowAction.errors)}`).toBe(true);
  });

  it.each(cases)("%s: the example is rejected under a wrong type", (key, v) => {
    const surprises: string[] = [];
    let rejections = 0;
    for (const other of types.filter((t) => t.type !== v.type)) {
      // The same action name under another type may legitimately accept the same params (the pair,
      // not the action, is the key); then the union must agree with that variant's own schema.
      const twin = other.variants.find((w) => w.action === v.action);
      const expected = twin !== undefined && paramsValidator(twin)(exampleOf(v)) === true;
      const accepted = flowAction(asAction(v, other.type)) === true;
      if (!accepted) rejections += 1;
      if (accepted !== expected) surprises.push(`type ${other.type}: accepted=${accepted}, expected ${expected}`);
    }
    expect(surprises, `${key} under other types:\n${surprises.join("\n")}`).toEqual([]);
    expect(rejections, `${key} was accepted under every other type`).toBeGreaterThan(0);
  });

  it.each(cases.filter(([, v]) => requiredParams(v).length > 0))("%s: the example without a required param is rejected", (key, v) => {
    const validate = paramsValidator(v);
    for (const param of requiredParams(v)) {
      const { [param]: _dropped, ...rest } = exampleOf(v);
      expect(validate(rest), `${key} example still valid without required "${param}"`).toBe(false);
    }
  });
});

describe("record examples", () => {
  it("every request, query and response record carries an example", () => {
    const withExamples = schemas.ir.records.filter((r) => (r.examples?.length ?? 0) > 0).map((r) => r.name);
    expect(RECORDS_WITH_EXAMPLES.filter((name) => !withExamples.includes(name))).toEqual([]);
  });

  const cases = schemas.ir.records.flatMap((r) => (r.examples ?? []).map((example, i) => [r.name, i, example] as const));

  it.each(cases)("%s example %i is valid against its record schema", (name, i, example) => {
    const validate = schemas.document(name);
    const valid = validate(example);
    expect(valid, `${name} example ${i} rejected:\n${describeErrors(validate.errors)}`).toBe(true);
  });

  it.each(cases)("%s example %i with an extra boolean property is rejected", (name, i, example) => {
    expect(typeof example === "object" && example !== null && !Array.isArray(example), `${name} example ${i} is not an object`).toBe(true);
    const tampered = { ...(example as Record<string, unknown>), unexpected_flag: true };
    expect(schemas.document(name)(tampered), `${name} example ${i} accepted an unknown boolean property`).toBe(false);
  });
});
