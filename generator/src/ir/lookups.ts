/**
 * The IR's records by name and variants by key (the spec check keeps both unique), made once per
 * IR: the emitters and the release's corpus check look a reference up instead of searching the
 * lists, and many of them ask of the same IR.
 */
import type { NamedRecord, SpecIR, Variant } from "./model.js";

const records = new WeakMap<SpecIR, ReadonlyMap<string, NamedRecord>>();
const variants = new WeakMap<SpecIR, ReadonlyMap<string, Variant>>();

export function recordsByName(ir: SpecIR): ReadonlyMap<string, NamedRecord> {
  let made = records.get(ir);
  if (made === undefined) records.set(ir, (made = new Map(ir.records.map((r) => [r.name, r]))));
  return made;
}

/** Every variant by its key (`STRIPE:ADD_TAX_ID`), in the spec's order. */
export function variantsByKey(ir: SpecIR): ReadonlyMap<string, Variant> {
  let made = variants.get(ir);
  if (made === undefined) variants.set(ir, (made = new Map(ir.flowActions.types.flatMap((t) => t.variants).map((v) => [v.key, v]))));
  return made;
}
