/**
 * What `flowspec validate --as <name>` checks a payload against. A name is a record
 * (`CreateFlowRequestContent`), an operation id (`post_flows`: its body, or its query) or a variant
 * key (`STRIPE:ADD_TAX_ID`). Each resolves to one of the validator package's public validators plus
 * the constants the payload must hold: a variant is a flow action whose `type` and `action` are
 * fixed, a member of a discriminated union is the union with its tag fixed.
 */
import { didYouMean } from "../../runtime/validator/suggest.js";
import { apiPlan } from "../emit/validator/api-plan.js";
import type { SpecIR } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";

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

export type TargetOutcome = { readonly ok: true; readonly target: ValidationTarget } | { readonly ok: false; readonly message: string };

/** Every name `--as` accepts, with how it resolves. */
function targetTable(ir: SpecIR): Map<string, Omit<ValidationTarget, "name" | "acceptsForm" | "formRecord"> & { record: string }> {
  const table = new Map<string, Omit<ValidationTarget, "name" | "acceptsForm" | "formRecord"> & { record: string }>();
  for (const v of apiPlan(ir).validators) {
    table.set(v.target, { stem: v.stem, constants: [], record: v.target });
    if (v.check.kind !== "union") continue;
    // A member is checked, and decoded from a form, as its union: the record the operation takes.
    for (const [tag, member] of v.check.members) table.set(member, { stem: v.stem, constants: [[`/${v.check.key}`, tag]], record: v.target });
  }
  const action = table.get(FLOW_ACTION);
  if (action) {
    for (const type of ir.flowActions.types) {
      for (const variant of type.variants) {
        table.set(variant.key, { stem: action.stem, constants: [["/type", variant.type], ["/action", variant.action]], record: FLOW_ACTION });
      }
    }
  }
  for (const op of ir.operations) {
    const record = op.body ?? op.query;
    const resolved = record === undefined ? undefined : table.get(record);
    if (resolved) table.set(op.id, resolved);
  }
  return table;
}

export function resolveTarget(ir: SpecIR, name: string): TargetOutcome {
  const table = targetTable(ir);
  const found = table.get(name);
  if (!found) {
    const records = [...table.keys()].filter((k) => !k.includes(":") && /^[A-Z]/.test(k));
    const operations = ir.operations.filter((op) => table.has(op.id)).map((op) => op.id);
    return {
      ok: false,
      message: `--as ${name}: not a record, operation or TYPE:ACTION key of the spec${didYouMean(name, table.keys())}\n  records: ${records.join(", ")}\n  operations: ${operations.join(", ")}\n  variants: TYPE:ACTION, for example ${ir.flowActions.types[0]?.variants[0]?.key ?? "STRIPE:ADD_TAX_ID"}`,
    };
  }
  const formRecords = new Set(ir.operations.filter((op) => op.requestContentTypes.includes("application/x-www-form-urlencoded")).map((op) => op.body));
  return { ok: true, target: { name, stem: found.stem, constants: found.constants, acceptsForm: formRecords.has(found.record), formRecord: found.record } };
}
