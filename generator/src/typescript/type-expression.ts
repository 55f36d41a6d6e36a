/**
 * Schema nodes → TypeScript type expressions (one line each; only unions may be broken, by the
 * declaration printer). Every object with properties is a named declaration (`print-shapes.ts`), so an
 * expression never holds a multi-line object literal.
 */
import type { ObjectNode, SchemaNode } from "../ir/model.js";
import { quoteString } from "./style.js";
import { internalError, unreachable } from "../base/internal-error.js";

export interface TypeExpr {
  readonly text: string;
  /** The members when the expression is a union of two or more, so a printer can break it. */
  readonly members?: readonly string[];
}

export type NameOf = (node: SchemaNode) => string | undefined;

function single(text: string): TypeExpr {
  return { text };
}

function union(parts: readonly string[]): TypeExpr {
  const members = [...new Set(parts)];
  return members.length === 1 ? single(members[0]!) : { text: members.join(" | "), members };
}

function literals(values: readonly (string | number | boolean)[]): TypeExpr {
  return union(values.map((v) => (typeof v === "string" ? quoteString(v) : String(v))));
}

/** A closed object with no properties accepts only `{}`; `{}` as a type would accept almost anything. */
const EMPTY_OBJECT = "Record<string, never>";

function recordOf(node: ObjectNode, nameOf: NameOf): TypeExpr {
  if (node.properties.length > 0) throw internalError(`an object with properties must be declared by name (${node.loc.file}:${node.loc.line})`);
  if (node.additional === false) return single(EMPTY_OBJECT);
  if (node.additional === true) return single("Record<string, unknown>");
  return single(`Record<string, ${typeExpression(node.additional, nameOf).text}>`);
}

/** The expression of a node, using its declared name when it has one. */
export function typeExpression(node: SchemaNode, nameOf: NameOf): TypeExpr {
  const name = nameOf(node);
  return name !== undefined ? single(name) : structuralExpression(node, nameOf);
}

/** The expression of a node's structure, ignoring its own name (for the declaration that names it). */
export function structuralExpression(node: SchemaNode, nameOf: NameOf): TypeExpr {
  switch (node.kind) {
    case "string":
      if (node.const !== undefined) return literals([node.const]);
      return node.enum !== undefined ? literals(node.enum) : single("string");
    case "integer":
    case "number":
      if (node.const !== undefined) return literals([node.const]);
      return node.enum !== undefined ? literals(node.enum) : single("number");
    case "boolean":
      return node.const !== undefined ? literals([node.const]) : single("boolean");
    case "null":
      return single("null");
    case "any":
      return single("unknown");
    case "ref":
      return single(node.target);
    case "array": {
      const item = typeExpression(node.items, nameOf);
      return single(item.members !== undefined ? `(${item.text})[]` : `${item.text}[]`);
    }
    case "object":
      return recordOf(node, nameOf);
    case "union":
      return union(node.members.flatMap((m) => {
        const expr = typeExpression(m, nameOf);
        return expr.members ?? [expr.text];
      }));
    default:
      return unreachable(node, "schema node");
  }
}
