/**
 * The spec's own examples, compiled against the generated types: every variant's params example
 * and every record example is assignable to its type, and the same example with one property the
 * spec does not declare is rejected wherever the object is closed (so the check can fail).
 */
import { describe, expect, it } from "vitest";
import { loadIr } from "./load-ir.ts";
import { exampleCases, withUnknownProperty } from "./spec-examples.ts";
import { compileAgainstTypes } from "./tsc.ts";

describe("the spec's examples", () => {
  const all = exampleCases(loadIr());

  it("cover every variant and the request records", () => {
    expect(all.filter((c) => c.variant !== undefined)).toHaveLength(61);
    expect(all.length).toBeGreaterThan(61);
  });

  it("are each assignable to their generated type", () => {
    const result = compileAgainstTypes(all.map((c, i) => `export const example${i}: T.${c.type} = ${JSON.stringify(c.value)};`));
    expect(result.failing).toEqual([]);
    expect(result.status).toBe(0);
  });

  it("are rejected with a property the spec does not declare, wherever the object is closed", () => {
    const closed = all.filter((c) => c.closed && withUnknownProperty(c.value) !== undefined);
    const lines = closed.map((c, i) => `export const mutated${i}: T.${c.type} = ${JSON.stringify(withUnknownProperty(c.value))};`);
    expect(compileAgainstTypes(lines).failing).toEqual(closed.map((_, i) => i + 1));
    expect(closed.length).toBeGreaterThan(50);
  });
});
