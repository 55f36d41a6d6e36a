/** The table of every name `flowspec validate --as` accepts, built from the IR (see targets.ts). */
import { apiPlan } from "../emit/validator/api-plan.js";
import type { SpecIR } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import type { TargetTable, ValidationTarget } from "./targets.js";
import { FORM_MEDIA_TYPE } from "../spec-language/media-types.js";

type Entry = Omit<ValidationTarget, "name" | "acceptsForm" | "formRecord"> & { readonly record: string };

export function targetTable(ir: SpecIR): TargetTable {
  const table = new Map<string, Entry>();
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
  const operations: string[] = [];
  for (const op of ir.operations) {
    const record = op.body ?? op.query;
    const resolved = record === undefined ? undefined : table.get(record);
    if (!resolved) continue;
    table.set(op.id, resolved);
    operations.push(op.id);
  }
  const formRecords = new Set(ir.operations.filter((op) => op.requestContentTypes.includes(FORM_MEDIA_TYPE)).map((op) => op.body));
  const targets: Record<string, Omit<ValidationTarget, "name">> = {};
  for (const [name, { stem, constants, record }] of table) targets[name] = { stem, constants, acceptsForm: formRecords.has(record), formRecord: record };
  return { targets, operations };
}

/** The table of one IR, built once: the conformance and corpus checks resolve a name per operation. */
const tables = new WeakMap<SpecIR, TargetTable>();

export function targetTableOf(ir: SpecIR): TargetTable {
  let table = tables.get(ir);
  if (table === undefined) tables.set(ir, (table = targetTable(ir)));
  return table;
}
