/**
 * Visiting the children of a schema node, the one place that knows where children live.
 */
import type { SchemaNode } from "../../ir/model.js";

/** Calls `visit` on each direct child of `node`. */
export function forEachChild(node: SchemaNode, visit: (child: SchemaNode) => void): void {
  switch (node.kind) {
    case "object":
      for (const p of node.properties) visit(p.schema);
      if (typeof node.additional === "object") visit(node.additional);
      return;
    case "array":
      visit(node.items);
      return;
    case "union":
      for (const m of node.members) visit(m);
      return;
    case "string":
    case "integer":
    case "number":
    case "boolean":
    case "null":
    case "any":
    case "ref":
      return;
    default: {
      const never: never = node;
      throw new Error(`unhandled schema node ${JSON.stringify(never)}`);
    }
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
