/**
 * What every peer built from the IR shares: the spec, its variants, and each format as a RegExp (a
 * pattern, for libraries that take one) and as a function.
 */
import type { SchemaNode, SpecIR, Variant } from "../../generator/src/ir/model.js";
import { isRfc3339Date, isRfc3339DateTime } from "../../generator/runtime/validator/rfc3339.js";

/** The record every peer checks. */
export const RECORD = "CreateFlowRequestContent";

export interface Peer {
  readonly name: string;
  /** The verdict on one input (the valid path). */
  readonly check: (input: unknown) => boolean;
  /** The error report in first-error mode (or the peer's only mode); returns how many errors. */
  readonly report?: (input: unknown) => number;
  /** The error report with every error; returns how many. */
  readonly reportAll?: (input: unknown) => number;
}

export class IrPeers {
  readonly variants: readonly Variant[];
  readonly formats = new Map<string, (s: string) => boolean>();
  readonly patterns = new Map<string, RegExp>();

  constructor(readonly ir: SpecIR) {
    this.variants = ir.flowActions.types.flatMap((t) => t.variants);
    for (const f of ir.formats) {
      if (f.pattern !== undefined) this.patterns.set(f.name, new RegExp(f.pattern, "u"));
      this.formats.set(f.name, f.pattern !== undefined ? (s) => this.patterns.get(f.name)!.test(s) : f.builtin === "rfc3339-date" ? isRfc3339Date : isRfc3339DateTime);
    }
  }

  record(name: string): SchemaNode {
    return this.ir.records.find((r) => r.name === name)!.schema;
  }
}
