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

/**
 * The edges that carry no name: one object each, not one per child walked (not frozen, so they
 * have the hidden class of a property edge's `{ kind }` start and walkers' reads stay as they were).
 */
const ADDITIONAL_EDGE: ChildEdge = { kind: "additional" };
const ITEMS_EDGE: ChildEdge = { kind: "items" };
const MEMBER_EDGE: ChildEdge = { kind: "member" };

/**
 * Calls `visit` on each direct child of `node`, with the edge that leads to it.
 *
 * Indexed loops, not `for…of`: every walker of the IR calls this, V8 optimises it (and inlines it
 * into the walkers) on a wide spec, and each iterator protocol, with its try block, was compiled
 * in too.
 */
export function forEachChild(node: SchemaNode, visit: (child: SchemaNode, edge: ChildEdge) => void): void {
  switch (node.kind) {
    case "object": {
      const properties = node.properties;
      for (let i = 0; i < properties.length; i++) {
        const p = properties[i]!;
        visit(p.schema, { kind: "property", name: p.name });
      }
      if (typeof node.additional === "object") visit(node.additional, ADDITIONAL_EDGE);
      return;
    }
    case "array":
      visit(node.items, ITEMS_EDGE);
      return;
    case "union": {
      const members = node.members;
      for (let i = 0; i < members.length; i++) visit(members[i]!, MEMBER_EDGE);
      return;
    }
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
