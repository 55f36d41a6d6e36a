/**
 * The spec's records by name (the spec check keeps names unique), made once per IR: the emitters
 * and the release's corpus check look a reference's record up instead of searching the list, and
 * many of them ask of the same IR.
 */
import type { NamedRecord, SpecIR } from "./model.js";

const made = new WeakMap<SpecIR, ReadonlyMap<string, NamedRecord>>();

export function recordsByName(ir: SpecIR): ReadonlyMap<string, NamedRecord> {
  let records = made.get(ir);
  if (records === undefined) made.set(ir, (records = new Map(ir.records.map((r) => [r.name, r]))));
  return records;
}
