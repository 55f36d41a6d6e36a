/**
 * decodeFormBody, step 2: the tree of names → JSON values, guided by the shape of the schema. A
 * field becomes a boolean or a number only where the schema wants one and does not also accept a
 * string, and only from its canonical spelling; anything else stays a string for the validator to
 * judge, so a wrong value is reported where it is, with the schema's own words.
 */
import type { ValidationIssue } from "./public-types.js";
import { formIssue, pointerOf, type FormNode } from "./form-grammar.js";
import { hasOwn } from "./own.js";
import { echo } from "./echo.js";

/**
 * The shape of a schema position, as the generator writes it: "f" anything kept as text (a string,
 * or any JSON value), "j" one field holding JSON text (an operation's `formEncoding`), "i" integer, "n" number, "b" boolean, "A" a flow action (shape chosen by
 * its type and action), or an object (`o` known properties, `x` the others), a list (`a`), or a union
 * as the generator resolved it (`u`: the scalars a leaf may become, tried in order, none when a member
 * takes text; the list, or 0; the object members merged into one, or "f").
 */
export type FormShape =
  | "j"
  | "i"
  | "n"
  | "b"
  | "f"
  | "A"
  | { readonly o: Readonly<Record<string, FormShape>>; readonly x?: FormShape }
  | { readonly a: FormShape }
  | { readonly u: readonly [scalars: string, list: FormShape | 0, object: FormShape] };

/**
 * The generator leaves text out of shapes: a property that is not listed, and an object reduced to
 * "f", decode as text.
 */
export interface FormShapes {
  /** The record a body decodes to when the caller names none. */
  readonly record: string;
  /** Each record a form body may decode to → its shape. */
  readonly roots: Readonly<Record<string, FormShape>>;
  /** The fields every action has that are not text, params aside, by name. */
  readonly envelope: Readonly<Record<string, FormShape>>;
  /** `TYPE:ACTION` → the shape of that variant's params, when it is not all text. */
  readonly actions: Readonly<Record<string, FormShape>>;
}

const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;
const CANONICAL_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

interface Decoder {
  readonly shapes: FormShapes;
  readonly issues: ValidationIssue[];
}

/**
 * Where a node sits, as a chain to its parent: extending it costs one object, where copying an
 * array of names per node would cost the square of the depth. Turned into a pointer only for issues.
 */
type Path = { readonly up: Path; readonly key: string } | null;

function pointerAt(path: Path): string {
  const keys: string[] = [];
  for (let p = path; p !== null; p = p.up) keys.push(p.key);
  return pointerOf(keys.reverse());
}

/** A field encoded as JSON text: its value, or an issue where it is. */
function jsonField(d: Decoder, text: string, path: Path): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    d.issues.push(formIssue("invalid_syntax", pointerAt(path), "this field holds JSON text, and its value is not JSON"));
    return text;
  }
}

function scalar(d: Decoder, text: string, shape: FormShape, path: Path): unknown {
  if (shape === "j") return jsonField(d, text, path);
  if (shape === "i" && CANONICAL_INTEGER.test(text)) return exactNumber(d, text, path);
  if (shape === "n" && CANONICAL_NUMBER.test(text)) return exactNumber(d, text, path);
  if (shape === "b" && (text === "true" || text === "false")) return text === "true";
  if (typeof shape === "object" && "u" in shape) {
    for (const member of shape.u[0]) {
      const value = scalar(d, text, member as FormShape, path);
      if (value !== text) return value;
    }
  }
  return text;
}

/** A number only if it survives the round trip: no silent rounding of 2^53 + 1 or 1e400. */
function exactNumber(d: Decoder, text: string, path: Path): number | string {
  const value = Number(text);
  const exact = Number.isFinite(value) && (!CANONICAL_INTEGER.test(text) || Number.isSafeInteger(value));
  if (exact) return value;
  d.issues.push(formIssue("out_of_range", pointerAt(path), "the number cannot be represented exactly", { value: echo(text) }));
  return text;
}

function isList(node: FormNode): boolean {
  // A list index is a canonical integer that is not negative.
  for (const key of node.children!.keys()) if (key[0] === "-" || !CANONICAL_INTEGER.test(key)) return false;
  return true;
}

/** A union's list when the node's keys are list indexes and it has one, else its objects. */
function containerShape(node: FormNode, shape: FormShape): FormShape {
  if (typeof shape !== "object" || !("u" in shape)) return shape;
  return (isList(node) && shape.u[1]) || shape.u[2];
}

function decodeList(d: Decoder, node: FormNode, item: FormShape, path: Path): unknown[] {
  const children = node.children!;
  const list: unknown[] = [];
  for (let i = 0; i < children.size; i++) {
    const key = String(i);
    const child = children.get(key);
    if (child === undefined) {
      d.issues.push(formIssue("conflicting_field", pointerAt(path), `list index ${i} is missing: indexes must run from 0 without gaps`));
      return list;
    }
    list.push(decodeNode(d, child, item, { up: path, key }));
  }
  return list;
}

function propertyShape(shape: FormShape, key: string): FormShape {
  if (typeof shape !== "object" || !("o" in shape)) return "f";
  return hasOwn.call(shape.o, key) ? shape.o[key]! : (shape.x ?? "f");
}

function decodeObject(d: Decoder, node: FormNode, shape: FormShape, path: Path): object {
  // fromEntries defines properties: a field named __proto__ becomes data, not a prototype.
  return Object.fromEntries([...node.children!].map(([key, child]) => [key, decodeNode(d, child, propertyShape(shape, key), { up: path, key })]));
}

/** An action: the fields every action has, and the params of its variant (text when unknown). */
function actionShape(d: Decoder, node: FormNode): FormShape {
  const key = `${node.children!.get("type")?.leaf}:${node.children!.get("action")?.leaf}`;
  // The shapes' own names (the generator refuses a property called __proto__), so spreading them is safe.
  return { o: { ...d.shapes.envelope, params: hasOwn.call(d.shapes.actions, key) ? d.shapes.actions[key]! : "f" } };
}

function decodeNode(d: Decoder, node: FormNode, shape: FormShape, path: Path): unknown {
  if (node.children === undefined) return scalar(d, node.leaf ?? "", shape, path);
  if (shape === "j") {
    d.issues.push(formIssue("conflicting_field", pointerAt(path), "this field holds JSON text in one field, not bracketed keys"));
    return {};
  }
  const resolved = shape === "A" ? actionShape(d, node) : containerShape(node, shape);
  if (typeof resolved === "object" && "a" in resolved) {
    if (isList(node)) return decodeList(d, node, resolved.a, path);
    d.issues.push(formIssue("conflicting_field", pointerAt(path), "a list expects bracketed indexes such as [0]"));
    return [];
  }
  return decodeObject(d, node, resolved, path);
}

export function decodeTree(shapes: FormShapes, root: FormNode, issues: ValidationIssue[], record: string): unknown {
  return decodeNode({ shapes, issues }, root, shapes.roots[record]!, null);
}
