/**
 * Every example in the reference type-checks against its type in `@flowspec/types` (the type the
 * example's marker names), and the check is real: a wrong example fails it.
 */
import { describe, expect, it } from "vitest";
import { typeCheck } from "./example-typecheck.ts";
import { examplesOf } from "./markdown-model.ts";
import { referenceOutput } from "./reference-output.ts";

const { ir, pages } = referenceOutput();
const examples = [...pages].flatMap(([path, md]) => examplesOf(md).map((e) => ({ ...e, path })));

describe("reference examples against @flowspec/types", () => {
  it("finds an example for every variant and for the requests", () => {
    const variants = ir.flowActions.types.flatMap((t) => t.variants);
    const named = new Set(examples.map((e) => e.typeName));
    expect(variants.filter((v) => !named.has(v.name)).map((v) => v.key)).toEqual([]);
    expect(examples.length).toBeGreaterThanOrEqual(61 + 4);
  });

  it("type-checks every example", () => {
    const result = typeCheck(examples);
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  it("rejects an example with a property its type does not have, or a wrong action", () => {
    const stripe = examples.find((e) => e.typeName === "FlowActionStripeAddTaxId")!;
    const action = stripe.value as { params: Record<string, unknown> };
    const extra = { typeName: stripe.typeName, value: { ...action, params: { ...action.params, colour: "red" } } };
    const wrongAction = { typeName: stripe.typeName, value: { ...action, action: "SEND_EMAIL" } };
    const result = typeCheck([extra, wrongAction]);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("colour");
    expect(result.output).toContain("SEND_EMAIL");
  });
});
