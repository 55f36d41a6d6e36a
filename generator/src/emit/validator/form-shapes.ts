/**
 * The shapes decodeFormBody follows (see generator/runtime/validator/form-shape.ts for their
 * meaning): where the schema wants a list, an object, a number or a boolean. Built for the record of
 * the one operation that accepts application/x-www-form-urlencoded, and for every flow action: the
 * fields every action has once (they apply whatever the type and action), and the params of the
 * variants that have something other than text in them.
 *
 * Text is what a form gives anyway, so the shapes leave it out: a property kept as text ("f")
 * is not listed, nor are other keys that are, and an object with nothing else to say is "f". A union
 * is resolved here, once, into what the decoder asks of it: which scalars a value may become (none
 * when a member takes text), its list, and its objects merged into one.
 */
import type { NamedRecord, SchemaNode, SpecIR } from "../../ir/model.js";
import { recordsByName } from "../../ir/lookups.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { PUBLIC_VALIDATORS } from "../../spec-language/public-validators.js";
import { internalError, unreachable } from "../../base/internal-error.js";
import { FORM_MEDIA_TYPE } from "../../spec-language/media-types.js";


type ObjectShape = { o: Record<string, FormShape>; x?: FormShape };
type FormShape = string | ObjectShape | { a: FormShape } | { u: [scalars: string, list: FormShape | 0, object: FormShape] };

/** What a form field encoded as `application/json` (an operation's `formEncoding`) decodes as: its JSON text, parsed. */
const JSON_FIELD = "j";

export interface FormShapesData {
  /** The record a form body decodes to when the caller names none (the first operation's that takes a form). */
  readonly record: string;
  /** Every record a form body may decode to → its shape. */
  readonly roots: Record<string, FormShape>;
  /** The fields every action has (params aside) that are not text, by name. */
  readonly envelope: Record<string, FormShape>;
  /** `TYPE:ACTION` → the shape of that variant's params, for the variants whose params are not all text. */
  readonly actions: Record<string, FormShape>;
}

const isText = (shape: FormShape): boolean => shape === "f";

/** The shape without what text would give anyway (see the top of this file). */
function pruned(shape: RawShape, inUnion = false): FormShape {
  if (typeof shape === "string") return shape;
  if ("a" in shape) return { a: pruned(shape.a) };
  if ("u" in shape) return resolvedUnion(shape.u);
  const o: Record<string, FormShape> = {};
  for (const [key, value] of Object.entries(shape.o)) {
    const kept = pruned(value);
    if (!isText(kept)) o[key] = kept;
  }
  const x = shape.x === undefined ? undefined : pruned(shape.x);
  if (x !== undefined && !isText(x)) return { o, x };
  return Object.keys(o).length === 0 && !inUnion ? "f" : { o };
}

/** The object members of a union as one object: each property typed by the first member that has it. */
function mergedObjects(objects: readonly ObjectShape[]): FormShape {
  if (objects.length === 0) return "f";
  const o: Record<string, FormShape> = {};
  for (const member of objects) for (const [key, shape] of Object.entries(member.o)) if (!(key in o)) o[key] = shape;
  const x = objects.find((m) => m.x !== undefined)?.x;
  return x === undefined ? { o } : { o, x };
}

/**
 * A union keeps what can change a value: the numbers and booleans a leaf may become, in order (none
 * when a member takes text), the first list, and the objects that type a property. One member left
 * is that member; a text member alone is text.
 */
function resolvedUnion(members: readonly RawShape[]): FormShape {
  const kept: FormShape[] = [];
  let text = false;
  for (const member of members.map((m) => pruned(m, true))) {
    if (isText(member)) text = true;
    else if (typeof member === "object" && "o" in member && Object.keys(member.o).length === 0 && member.x === undefined) continue;
    else kept.push(member);
  }
  const containers = kept.filter((m) => typeof m === "object");
  if (text ? containers.length === 0 : kept.length === 0) return "f";
  if (!text && kept.length === 1) return kept[0]!;
  const scalars = text ? "" : kept.filter((m): m is string => m === "i" || m === "n" || m === "b").join("");
  const list = containers.find((m) => "a" in m) ?? 0;
  return { u: [scalars, list, mergedObjects(containers.filter((m): m is ObjectShape => "o" in m))] };
}

/** The spec's records by name: a reference is looked up, not searched for among them all. */
type Records = ReadonlyMap<string, NamedRecord>;

/** A shape before pruning: unions list their members. */
type RawShape = string | { o: Record<string, RawShape>; x?: RawShape } | { a: RawShape } | { u: RawShape[] };

function objectShape(records: Records, properties: readonly { name: string; schema: SchemaNode }[], additional: boolean | SchemaNode): RawShape {
  const o: Record<string, RawShape> = {};
  for (const p of properties) {
    if (p.name === "__proto__") throw internalError("a property may not be called __proto__");
    o[p.name] = shapeOf(records, p.schema);
  }
  if (additional === false) return { o };
  return { o, x: additional === true ? "f" : shapeOf(records, additional) };
}

function shapeOf(records: Records, node: SchemaNode): RawShape {
  switch (node.kind) {
    case "string":
    case "null":
      return "f";
    case "integer":
      return "i";
    case "number":
      return "n";
    case "boolean":
      return "b";
    case "any":
      return "f";
    case "object":
      return objectShape(records, node.properties, node.additional);
    case "array":
      return { a: shapeOf(records, node.items) };
    case "union":
      return { u: node.members.map((m) => shapeOf(records, m)) };
    case "ref": {
      if (node.target === FLOW_ACTION) return "A";
      const record = records.get(node.target);
      if (!record) throw internalError(`unknown record ${node.target}`);
      return shapeOf(records, record.schema);
    }
    default: {
      const never: never = node;
      return unreachable(never, "schema node");
    }
  }
}

/** The operations whose body may be a form, in the IR's order (by id). */
function formOperations(ir: SpecIR) {
  return ir.operations.filter((o): o is typeof o & { body: string } => o.requestContentTypes.includes(FORM_MEDIA_TYPE) && o.body !== undefined);
}

/** The record's shape, with the fields the operation encodes as JSON text marked so. */
function rootShape(records: Records, record: string, encoding: Readonly<Record<string, string>>): FormShape {
  const schema = records.get(record)?.schema;
  if (!schema) throw internalError(`unknown record ${record}`);
  const shape = pruned(shapeOf(records, schema));
  const names = Object.keys(encoding);
  if (names.length === 0) return shape;
  const object: ObjectShape = typeof shape === "object" && "o" in shape ? shape : typeof shape === "object" && "u" in shape && typeof shape.u[2] === "object" && "o" in shape.u[2] ? shape.u[2] : { o: {} };
  for (const name of names) object.o[name] = JSON_FIELD;
  return shape === "f" ? object : shape;
}

/** The fields every action has, as the properties of the action's object shape (params added per variant). */
function envelopeFields(ir: SpecIR, records: Records): Record<string, FormShape> {
  const shape = pruned(objectShape(records, ir.flowActions.common, false), true);
  return typeof shape === "object" && "o" in shape ? shape.o : {};
}

export function formShapes(ir: SpecIR): FormShapesData {
  const records = recordsByName(ir);
  const operations = formOperations(ir);
  const roots: Record<string, FormShape> = {};
  for (const op of operations) {
    if (Object.hasOwn(roots, op.body)) throw internalError(`two operations take ${op.body} as a form`);
    roots[op.body] = rootShape(records, op.body, op.formEncoding);
  }
  // The default is the first record of the package's API that takes a form (decodeFormBody's documented target).
  const record = PUBLIC_VALIDATORS.map(([, target]) => target).find((target) => Object.hasOwn(roots, target)) ?? operations[0]?.body;
  if (record === undefined) throw internalError("decodeFormBody needs a form-encoded body; no operation takes one");
  const actions: Record<string, FormShape> = {};
  for (const t of ir.flowActions.types) {
    for (const v of t.variants) {
      const params = pruned(shapeOf(records, v.params));
      if (params !== "f") actions[v.key] = params;
    }
  }
  return { record, roots, envelope: envelopeFields(ir, records), actions };
}
