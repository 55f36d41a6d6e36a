/**
 * What `flowspec validate --as <name>` checks a payload against. A name is a record
 * (`CreateFlowRequestContent`), an operation id (`post_flows`: its body, or its query) or a variant
 * key (`STRIPE:ADD_TAX_ID`). Each resolves to one of the validator package's public validators plus
 * the constants the payload must hold: a variant is a flow action whose `type` and `action` are
 * fixed, a member of a discriminated union is the union with its tag fixed.
 *
 * The table of every name is plain data (built from the IR by `target-table.ts`, and written beside
 * the generated validator), so the command can resolve a name without loading the spec.
 */
import { didYouMean } from "../../runtime/validator/suggest.js";

export interface ValidationTarget {
  /** The name the user gave. */
  readonly name: string;
  /** The validator function's stem: `validate<stem>`. */
  readonly stem: string;
  /** Values the payload must hold at these pointers (the variant's type and action, a union tag). */
  readonly constants: readonly (readonly [pointer: string, value: string])[];
  /** Whether the operation takes application/x-www-form-urlencoded for this record. */
  readonly acceptsForm: boolean;
  /** The record a form body decodes to (decodeFormBody's `record`): the validator's, a union for its members. */
  readonly formRecord: string;
}

/** Every name `--as` accepts and what it resolves to; the operations in the spec's order. */
export interface TargetTable {
  readonly targets: Readonly<Record<string, Omit<ValidationTarget, "name">>>;
  readonly operations: readonly string[];
}

export type TargetOutcome = { readonly ok: true; readonly target: ValidationTarget } | { readonly ok: false; readonly message: string };

export function resolveTarget(table: TargetTable, name: string): TargetOutcome {
  const found = Object.hasOwn(table.targets, name) ? table.targets[name] : undefined;
  if (found) return { ok: true, target: { name, ...found } };
  const names = Object.keys(table.targets);
  const records = names.filter((k) => !k.includes(":") && /^[A-Z]/.test(k));
  const variant = names.find((k) => k.includes(":")) ?? "STRIPE:ADD_TAX_ID";
  return {
    ok: false,
    message: `--as ${name}: not a record, operation or TYPE:ACTION key of the spec${didYouMean(name, names)}\n  records: ${records.join(", ")}\n  operations: ${table.operations.join(", ")}\n  variants: TYPE:ACTION, for example ${variant}`,
  };
}
