/**
 * decodeFormBody, step 2: the tree of names → JSON values, guided by the shape of the schema. A
 * field becomes a boolean or a number only where the schema wants one and does not also accept a
 * string, and only from its canonical spelling; anything else stays a string for the validator to
 * judge, so a wrong value is reported where it is, with the schema's own words.
 */
import type { ValidationIssue } from "./public-types.js";
import { formIssue, pointerOf, type FormNode } from "./form-grammar.js";
import { hasOwn } from "./own.js";

/**
 * The shape of a schema position, as the generator writes it: "s" a string or any scalar kept as
 * text, "i" integer, "n" number, "b" boolean, "f" any JSON value, "A" a flow action (shape chosen by
 * its type and action), or an object (`o` known properties, `x` the others), a list (`a`), a union (`u`).
 */
export type FormShape =
  | "s"
  | "i"
  | "n"
  | "b"
  | "f"
  | "A"
  | { readonly o: Readonly<Record<string, FormShape>>; readonly x?: FormShape }
  | { readonly a: FormShape }
  | { readonly u: readonly FormShape[] };

/**
 * The generator leaves text out of shapes: a property that is not listed, and an object reduced to
 * "f", decode as text, which is what "s" would give.
 */
export interface FormShapes {
  readonly root: FormShape;
  /** The fields every action has, params aside. */
  readonly envelope: FormShape;
  /** `TYPE:ACTION` → the shape of that variant's params, when it is not all text. */
  readonly actions: Readonly<Record<string, FormShape>>;
}

const CANONICAL_INTEGER = /^(?:0|-?[1-9][0-9]*)$/;
const CANONICAL_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const LIST_INDEX = /^(?:0|[1-9][0-9]*)$/;

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

function define(target: object, key: string, value: unknown): void {
  // defineProperty, not assignment: a field named __proto__ must become data, not a prototype.
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function scalar(d: Decoder, text: string, shape: FormShape, path: Path): unknown {
  if (shape === "i" && CANONICAL_INTEGER.test(text)) return exactNumber(d, text, path);
  if (shape === "n" && CANONICAL_NUMBER.test(text)) return exactNumber(d, text, path);
  if (shape === "b" && (text === "true" || text === "false")) return text === "true";
  if (typeof shape === "object" && "u" in shape && !shape.u.some(acceptsText)) {
    for (const member of shape.u) if (member === "i" || member === "n" || member === "b") {
      const value = scalar(d, text, member, path);
      if (value !== text) return value;
    }
  }
  return text;
}

function acceptsText(shape: FormShape): boolean {
  return shape === "s" || shape === "f";
}

/** A number only if it survives the round trip: no silent rounding of 2^53 + 1 or 1e400. */
function exactNumber(d: Decoder, text: string, path: Path): number | string {
  const value = Number(text);
  const exact = Number.isFinite(value) && (!CANONICAL_INTEGER.test(text) || Number.isSafeInteger(value));
  if (exact) return value;
  d.issues.push(formIssue("out_of_range", pointerAt(path), "the number cannot be represented exactly", { value: text.slice(0, 40) }));
  return text;
}

function isList(node: FormNode): boolean {
  for (const key of node.children!.keys()) if (!LIST_INDEX.test(key)) return false;
  return true;
}

type ObjectShape = Extract<FormShape, { readonly o: unknown }>;

function isObjectShape(shape: FormShape): shape is ObjectShape {
  return typeof shape === "object" && "o" in shape;
}

/** The object alternatives of a union as one shape: each property typed by the first that has it. */
function mergedObjectShape(members: readonly FormShape[]): FormShape {
  const objects = members.filter(isObjectShape);
  if (objects.length === 0) return "f";
  const o: Record<string, FormShape> = {};
  for (const member of objects) for (const key of Object.keys(member.o)) if (!hasOwn.call(o, key)) define(o, key, member.o[key]);
  const x = objects.find((m) => m.x !== undefined)?.x;
  return x === undefined ? { o } : { o, x };
}

function containerShape(node: FormNode, shape: FormShape): FormShape {
  if (typeof shape !== "object" || !("u" in shape)) return shape;
  const list = isList(node) ? shape.u.find((m) => typeof m === "object" && "a" in m) : undefined;
  return list ?? mergedObjectShape(shape.u);
}

function decodeList(d: Decoder, node: FormNode, item: FormShape, path: Path): unknown[] {
  const children = node.children!;
  const list: unknown[] = [];
  for (let i = 0; i < children.size; i++) {
    const child = children.get(String(i));
    if (child === undefined) {
      d.issues.push(formIssue("conflicting_field", pointerAt(path), `list index ${i} is missing: indexes must run from 0 without gaps`));
      return list;
    }
    list.push(decodeNode(d, child, item, { up: path, key: String(i) }));
  }
  return list;
}

function propertyShape(shape: FormShape, key: string): FormShape {
  if (typeof shape !== "object" || !("o" in shape)) return "f";
  return hasOwn.call(shape.o, key) ? shape.o[key]! : (shape.x ?? "f");
}

function decodeObject(d: Decoder, node: FormNode, shape: FormShape, path: Path): object {
  const out = {};
  for (const [key, child] of node.children!) define(out, key, decodeNode(d, child, propertyShape(shape, key), { up: path, key }));
  return out;
}

/** An action: the fields every action has, and the params of its variant (text when unknown). */
function actionShape(d: Decoder, node: FormNode): FormShape {
  const key = `${node.children!.get("type")?.leaf}:${node.children!.get("action")?.leaf}`;
  const envelope = d.shapes.envelope;
  const o: Record<string, FormShape> = {};
  if (isObjectShape(envelope)) for (const field of Object.keys(envelope.o)) define(o, field, envelope.o[field]);
  define(o, "params", hasOwn.call(d.shapes.actions, key) ? d.shapes.actions[key]! : "f");
  return { o };
}

function decodeNode(d: Decoder, node: FormNode, shape: FormShape, path: Path): unknown {
  if (node.children === undefined) return scalar(d, node.leaf ?? "", shape, path);
  const resolved = shape === "A" ? actionShape(d, node) : containerShape(node, shape);
  if (typeof resolved === "object" && "a" in resolved) {
    if (isList(node)) return decodeList(d, node, resolved.a, path);
    d.issues.push(formIssue("conflicting_field", pointerAt(path), "a list expects bracketed indexes such as [0]"));
    return [];
  }
  return decodeObject(d, node, resolved, path);
}

export function decodeTree(shapes: FormShapes, root: FormNode, issues: ValidationIssue[]): unknown {
  return decodeNode({ shapes, issues }, root, shapes.root, null);
}
