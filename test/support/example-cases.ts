/**
 * The spec's examples as test cases: each with the generated type it must satisfy and whether
 * that type is a closed object (one unknown property must then be rejected).
 */
import type { SchemaNode, SpecIR, Variant } from "../../generator/src/ir/model.js";

export interface ExampleCase {
  /** The generated type: a params name or a record name. */
  readonly type: string;
  readonly value: unknown;
  readonly closed: boolean;
  /** The variant whose params these are, for variant examples. */
  readonly variant?: Variant;
}

export function exampleCases(ir: SpecIR): ExampleCase[] {
  const records = new Map(ir.records.map((r) => [r.name, r.schema]));
  const isClosed = (node: SchemaNode): boolean =>
    node.kind === "ref" ? isClosed(records.get(node.target)!) : node.kind === "object" && node.additional === false;
  const variants = ir.flowActions.types.flatMap((t) => t.variants);
  const fromVariants = variants
    .filter((v) => v.example !== undefined)
    .map((v) => ({ type: v.paramsName, value: v.example, closed: isClosed(v.params), variant: v }));
  const fromRecords = ir.records.flatMap((r) => (r.examples ?? []).map((value) => ({ type: r.name, value, closed: isClosed(r.schema) })));
  return [...fromVariants, ...fromRecords];
}

/** The example with one property the spec does not declare, or undefined when it is not an object. */
export function withUnknownProperty(value: unknown): Record<string, unknown> | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return { ...(value as Record<string, unknown>), not_in_the_spec: 1 };
}
