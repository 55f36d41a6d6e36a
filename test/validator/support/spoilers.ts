/**
 * Spoilers: a valid value broken in exactly one way, with the issue that must be reported first
 * (its code and JSON Pointer), derived from the IR so that every field of every variant is covered:
 * each required property removed, each bound crossed by one, each enumeration and format broken,
 * the wrong JSON type, an extra property where the object is closed. The spoiling is
 * @flowspec/fixtures' own (generator/runtime/fixtures/spoilers.ts), run on any node of the spec.
 */
import type { SchemaNode, SpecIR } from "../../../generator/src/ir/model.js";
import { shapeOfNode, shapeTable } from "../../../generator/src/emit/fixtures/shape-table.js";
import { spoilersOf as spoilShape } from "../../../generator/runtime/fixtures/spoilers.js";
import type { Json } from "./values.js";

export interface Spoiler {
  readonly name: string;
  /** JSON Pointer of the expected issue, relative to the spoiled value. */
  readonly path: string;
  readonly code: string;
  readonly value: Json;
}

const tables = new WeakMap<SpecIR, ReturnType<typeof shapeTable>>();

export function spoilersOf(ir: SpecIR, node: SchemaNode, valid: Json, path: string): Spoiler[] {
  const table = tables.get(ir) ?? shapeTable(ir);
  tables.set(ir, table);
  return spoilShape(table, shapeOfNode(ir, node), valid, path).map((s) => ({ name: s.name, path: s.issue.path, code: s.issue.code, value: s.value }));
}
