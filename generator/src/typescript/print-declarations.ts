/**
 * Interfaces and type aliases, laid out as prettier lays them out (see `style.ts`).
 */
import { renderDoc, type Doc } from "./jsdoc.js";
import { fits, INDENT, propertyKey } from "./style.js";
import type { TypeExpr } from "./type-expression.js";
import { internalError } from "../base/internal-error.js";

export interface Member {
  readonly doc: Doc;
  /** A property name, or `[key: string]` for an index signature. */
  readonly key: string;
  readonly optional?: boolean;
  readonly type: TypeExpr;
}

/**
 * `head` + type + `tail` on one line when it fits; otherwise a union moves to the next line, and
 * when it does not fit there either, one member per line behind a leading `|`.
 */
function printTyped(head: string, type: TypeExpr, tail: string, indent: string): string {
  const flat = head + type.text + tail;
  if (fits(flat) || type.members === undefined) return flat;
  const inner = indent + INDENT;
  const nextLine = inner + type.text + tail;
  if (fits(nextLine)) return `${head.trimEnd()}\n${nextLine}`;
  return `${head.trimEnd()}\n${type.members.map((m) => `${inner}| ${m}`).join("\n")}${tail}`;
}

/** The key of a member that is an index signature rather than a property. */
export const INDEX_SIGNATURE = "[key: string]";

/** A member's doc comment and line(s), indented; one an interface prints as it is. */
export function printMember(member: Member): string {
  const key = member.key === INDEX_SIGNATURE ? member.key : propertyKey(member.key);
  const head = `${INDENT}${key}${member.optional === true ? "?" : ""}: `;
  return renderDoc(member.doc, INDENT) + printTyped(head, member.type, ";", INDENT);
}

/**
 * A member given as a string is one `printMember` printed already: members that many interfaces
 * share (the common fields of every variant) are printed once.
 */
export function printInterface(name: string, doc: Doc, members: readonly (Member | string)[]): string {
  if (members.length === 0) throw internalError(`interface ${name} has no members; declare it as an alias`);
  // A loop, not a `map` callback: V8 optimises this on a wide spec, and the callback was compiled
  // into it. Joined, not concatenated: `join` writes one flat string, so the pieces of the doc
  // comments die here rather than survive, as a tree of string pieces, until the module is joined.
  const lines = [`${renderDoc(doc, "")}export interface ${name} {`];
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    lines.push(typeof m === "string" ? m : printMember(m));
  }
  lines.push("}\n");
  return lines.join("\n");
}

export function printAlias(name: string, doc: Doc, type: TypeExpr): string {
  return `${renderDoc(doc, "")}${printTyped(`export type ${name} = `, type, ";", "")}\n`;
}
