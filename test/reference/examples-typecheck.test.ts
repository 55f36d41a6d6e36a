/**
 * Every example in the reference type-checks against its type in `@flowspec/types` (the type the
 * example's marker names), and the check is real: a wrong example fails it.
 */
import { describe, expect, it } from "vitest";
import { examplesOf } from "../support/markdown-model.js";
import { referenceOutput } from "../support/reference-output.js";
import { compileAgainstTypes } from "../support/tsc.js";

const { ir, pages } = referenceOutput();
const examples = [...pages].flatMap(([path, md]) => examplesOf(md).map((e) => ({ ...e, path })));

const lines = (values: readonly { typeName: string; value: unknown }[]) =>
  values.map((v, i) => `export const example${i}: T.${v.typeName} = ${JSON.stringify(v.value, null, 2)};`);

describe("reference examples against @flowspec/types", () => {
  it("finds an example for every variant and for the requests", () => {
    const variants = ir.flowActions.types.flatMap((t) => t.variants);
    const named = new Set(examples.map((e) => e.typeName));
    expect(variants.filter((v) => !named.has(v.name)).map((v) => v.key)).toEqual([]);
    expect(examples.length).toBeGreaterThanOrEqual(61 + 4);
  });

  it("type-checks every example", () => {
    const result = compileAgainstTypes(lines(examples));
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
  });

  it("rejects an example with a property its type does not have, or a wrong action", () => {
    const stripe = examples.find((e) => e.typeName === "FlowActionStripeAddTaxId")!;
    const action = stripe.value as { params: Record<string, unknown> };
    const extra = { typeName: stripe.typeName, value: { ...action, params: { ...action.params, colour: "red" } } };
    const wrongAction = { typeName: stripe.typeName, value: { ...action, action: "SEND_EMAIL" } };
    const result = compileAgainstTypes(lines([extra, wrongAction]));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("colour");
    expect(result.output).toContain("SEND_EMAIL");
  });
});
