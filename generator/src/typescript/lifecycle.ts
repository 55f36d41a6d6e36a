/**
 * The lifecycle label each generated type shows. A record or variant may carry its own label;
 * one that does not has the label of the operations that carry it (the spec labels operations),
 * when they all agree.
 */
import type { SpecIR } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import { refTargets } from "../ir/schema-children.js";

export interface Lifecycle {
  readonly label: string;
  /** The operations the label comes from, when the record or variant has no label of its own. */
  readonly from?: readonly string[];
}

/** Record name (or `FlowAction`) → the records it references directly. */
function referenceGraph(ir: SpecIR): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const r of ir.records) graph.set(r.name, refTargets(r.schema));
  const fromVariants = ir.flowActions.types.flatMap((t) => t.variants.flatMap((v) => refTargets(v.params)));
  const fromCommon = ir.flowActions.common.flatMap((p) => refTargets(p.schema));
  graph.set(FLOW_ACTION, [...fromCommon, ...fromVariants]);
  return graph;
}

/** Record name (or `FlowAction`) → the ids of the operations whose messages contain it. */
function operationsByRecord(ir: SpecIR): Map<string, Set<string>> {
  const graph = referenceGraph(ir);
  const carriers = new Map<string, Set<string>>();
  for (const op of ir.operations) {
    const pending = [op.body, op.query, op.success.body].filter((n): n is string => n !== undefined);
    const seen = new Set<string>();
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      if (!carriers.has(name)) carriers.set(name, new Set());
      carriers.get(name)!.add(op.id);
      pending.push(...(graph.get(name) ?? []));
    }
  }
  return carriers;
}

export interface Lifecycles {
  /** The label of a record, or of `FlowAction` (what a variant without a label inherits). */
  readonly of: (name: string, own: string | undefined) => Lifecycle | undefined;
}

export function lifecycles(ir: SpecIR): Lifecycles {
  const carriers = operationsByRecord(ir);
  const labelOf = new Map(ir.operations.map((op) => [op.id, op.lifecycle]));
  const inherited = (name: string): Lifecycle | undefined => {
    const ops = [...(carriers.get(name) ?? [])].sort();
    const labels = new Set(ops.map((id) => labelOf.get(id)));
    const [label] = labels;
    return labels.size === 1 && label !== undefined ? { label, from: ops } : undefined;
  };
  // Every variant without a label of its own asks for FlowAction's: worked out once per name.
  const inheritedOf = new Map<string, Lifecycle | undefined>();
  return {
    of(name, own) {
      if (own !== undefined) return { label: own };
      if (!inheritedOf.has(name)) inheritedOf.set(name, inherited(name));
      return inheritedOf.get(name);
    },
  };
}

/** `Lifecycle: GA.` or `Lifecycle: GA (from operation \`post_flows\`).` */
export function lifecycleSentence(lifecycle: Lifecycle | undefined): string | undefined {
  if (lifecycle === undefined) return undefined;
  if (lifecycle.from === undefined) return `Lifecycle: ${lifecycle.label}.`;
  const ops = lifecycle.from.map((id) => `\`${id}\``).join(", ");
  return `Lifecycle: ${lifecycle.label} (from operation${lifecycle.from.length > 1 ? "s" : ""} ${ops}).`;
}
