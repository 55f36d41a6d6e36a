/**
 * decodeFormBody, step 1: the text → fields → a tree of names, strictly.
 *
 *   body    = "" / field *( "&" field )
 *   field   = name "=" value                  ; both percent-encoded, "+" is a space
 *   name    = key *( "[" segment "]" )        ; after decoding, e.g. actions[0][params][email]
 *   key     = 1*( any character but "[" "]" )
 *   segment = 1*( any character but "[" "]" )
 *
 * Raw characters are the visible ASCII ones (0x21–0x7E) other than "&", "=", "%" and "+"; anything
 * else must be percent-encoded, and the decoded bytes must be valid UTF-8. A name given twice, a
 * name used both as a value and as a container, an empty field, and empty brackets (`x[]`) are
 * errors: nothing is dropped or merged silently.
 */
import type { ValidationIssue } from "./public-types.js";
import { escapePointer } from "./issues.js";

/** A decoded name: a value (`leaf`) or named children, never both. */
export interface FormNode {
  leaf?: string;
  children?: Map<string, FormNode>;
}

export function formIssue(code: ValidationIssue["code"], path: string, reason: string, params: Record<string, unknown> = {}): ValidationIssue {
  return { code, path, message: reason, params: { ...params, reason } };
}

/**
 * The first character that breaks the grammar: a "%" not followed by two hex digits, or anything
 * but a raw character (visible ASCII other than "&", "=" and "%"; "+" is a space). One pass, no
 * backtracking: each alternative reads at most three characters (and passes the linear-time rule
 * the spec's patterns pass, so no lookahead).
 */
const FIRST_BAD = /%(?:[\dA-Fa-f]?(?:[^\dA-Fa-f]|$))|[^!-$%'-<>-~]/;

/**
 * Percent-decodes one name or value: the text, or `{ reason }` when it does not follow the grammar.
 * The characters are checked here; the bytes are then decoded by decodeURIComponent, which refuses
 * exactly what a strict UTF-8 decoder refuses (overlong forms, surrogates, cut sequences).
 */
export function percentDecode(text: string): string | { readonly reason: string } {
  const i = text.search(FIRST_BAD);
  if (i >= 0) {
    // JSON.stringify shows a space, a control character or a lone surrogate unambiguously ("\u0001").
    if (text[i] === "%") return { reason: `"%" at offset ${i} is not followed by two hex digits` };
    return { reason: `character ${JSON.stringify(text[i])} at offset ${i} must be percent-encoded` };
  }
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return { reason: "the percent-encoded bytes are not valid UTF-8" };
  }
}

/** `actions[0][params][email]` → ["actions", "0", "params", "email"], or a reason. */
export function parseName(name: string): string[] | string {
  const open = name.indexOf("[");
  const key = open < 0 ? name : name.slice(0, open);
  if (key.length === 0) return "the name is empty";
  if (key.includes("]")) return `unexpected "]" in the name`;
  const segments = [key];
  let i = open < 0 ? name.length : open;
  while (i < name.length) {
    if (name[i] !== "[") return `expected "[" at offset ${i} of the name`;
    const close = name.indexOf("]", i + 1);
    if (close < 0) return `"[" at offset ${i} of the name is never closed`;
    const segment = name.slice(i + 1, close);
    if (segment.length === 0) return "empty brackets are not supported: give the list index, e.g. actions[0]";
    if (segment.includes("[")) return `unexpected "[" inside brackets at offset ${i}`;
    segments.push(segment);
    i = close + 1;
  }
  return segments;
}

export function pointerOf(segments: readonly string[]): string {
  return segments.map((s) => `/${escapePointer(s)}`).join("");
}

/** A name used for a value and, by another field, for a container; the issue's path says which. */
const CLASH = "the field is given both as a value and as a container";

/** Puts one value at its path in the tree; returns an issue if the path clashes with another field. */
export function insertField(root: FormNode, segments: readonly string[], value: string): ValidationIssue | null {
  let node = root;
  for (let depth = 0; depth < segments.length; depth++) {
    if (node.leaf !== undefined) return formIssue("conflicting_field", pointerOf(segments.slice(0, depth)), CLASH);
    const children = (node.children ??= new Map());
    let child = children.get(segments[depth]!);
    if (child === undefined) children.set(segments[depth]!, (child = {}));
    node = child;
  }
  if (node.children !== undefined) return formIssue("conflicting_field", pointerOf(segments), CLASH);
  if (node.leaf !== undefined) return formIssue("repeated_field", pointerOf(segments), "the field is given more than once");
  node.leaf = value;
  return null;
}
