/**
 * Example blocks. Each JSON example is preceded by an HTML comment naming the type it is an example
 * of, so tests can find every example, validate it and type-check it against that type; readers
 * do not see the comment. Keys come in schema order (`ir/example-order.ts`).
 */
import type { NamedRecord, Variant } from "../../ir/model.js";
import { variantActionExample } from "../../ir/example-order.js";
import { jsonBlock } from "../markdown.js";

const EXAMPLE_MARKER = "flowspec-example";

/** A whole action around a variant's example params, as it appears in a flow's `actions`. */
export function variantExample(variant: Variant): Record<string, unknown> | undefined {
  return variantActionExample(variant);
}

/** The record's examples (the IR already has their keys in schema order). */
export function recordExamples(record: NamedRecord): readonly unknown[] {
  return record.examples ?? [];
}

/** `<!-- flowspec-example: FlowActionStripeAddTaxId -->` and the JSON block. */
export function exampleBlock(typeName: string, value: unknown): string {
  return `<!-- ${EXAMPLE_MARKER}: ${typeName} -->\n${jsonBlock(value)}`;
}
