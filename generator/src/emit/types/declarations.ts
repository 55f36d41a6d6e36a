/**
 * The type declarations of the whole module, in reading order: the key types and helpers, the
 * FlowAction union with every variant and its params, then the records (requests, responses and
 * what they contain). Self-contained: no imports, no values.
 */
import type { SpecIR } from "../../ir/model.js";
import { FLOW_ACTION } from "../../ir/names.js";
import { docContext } from "./docs.js";
import { flowActionDeclarations } from "./flow-action-types.js";
import { HELPER_TYPE_NAMES, keyTypeDeclarations } from "./key-types.js";
import { printShape } from "./print-shapes.js";
import { collectShapes } from "./shapes.js";

/** Names the module declares besides the shapes of the spec. */
function reservedNames(ir: SpecIR): Set<string> {
  const names = new Set<string>([FLOW_ACTION, ...HELPER_TYPE_NAMES]);
  for (const t of ir.flowActions.types) {
    names.add(t.name);
    for (const v of t.variants) names.add(v.name);
  }
  return names;
}

/** Every declaration, each ending in a newline; join them with a blank line. */
export function typeDeclarations(ir: SpecIR): string[] {
  const ctx = docContext(ir);
  const index = collectShapes(ir, reservedNames(ir));
  const records = ir.records.flatMap((r) => index.under(r.name).map((s) => printShape(ctx, index, s)));
  return [...keyTypeDeclarations(ir), ...flowActionDeclarations(ctx, index), ...records];
}
