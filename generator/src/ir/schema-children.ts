/**
 * The children of a schema node: the one place that knows where children live, so walkers in
 * the emitters only say what to do at each node.
 */
import type { SchemaNode } from "./model.js";
import { unreachable } from "../base/internal-error.js";

/** How a child hangs off its parent; walkers that build paths (`from.email`, `items[]`) read it. */
export type ChildEdge =
  | { readonly kind: "property"; readonly name: string }
  | { readonly kind: "additional" }
  | { readonly kind: "items" }
  | { readonly kind: "member" };

/** Calls `visit` on each direct child of `node`, with the edge that leads to it. */
export function forEachChild(node: SchemaNode, visit: (child: SchemaNode, edge: ChildEdge) => void): void {
  switch (node.kind) {
    case "object":
      for (const p of node.properties) visit(p.schema, { kind: "property", name: p.name });
      if (typeof node.additional === "object") visit(node.additional, { kind: "additional" });
      return;
    case "array":
      visit(node.items, { kind: "items" });
      return;
    case "union":
      for (const m of node.members) visit(m, { kind: "member" });
      return;
    case "string":
    case "integer":
    case "number":
    case "boolean":
    case "null":
    case "any":
    case "ref":
      return;
    default:
      return unreachable(node, "schema node");
  }
}

/** Every `ref` target reachable from `node` without following refs. */
export function refTargets(node: SchemaNode): string[] {
  const targets: string[] = [];
  const walk = (n: SchemaNode): void => {
    if (n.kind === "ref") targets.push(n.target);
    forEachChild(n, walk);
  };
  walk(node);
  return targets;
}
