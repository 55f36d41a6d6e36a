/**
 * The constants the package exports at run time (index.js, index.cjs) and declares `as const`
 * (index.d.ts), all taken from the spec. Objects are built field by field in a fixed order, so
 * the order of keys in the YAML never shows in the output.
 */
import type { ErrorRow, Limit, SpecIR } from "../../ir/model.js";
import type { Doc } from "../../typescript/jsdoc.js";
import { seeTag, type ReferenceLinks } from "../../typescript/reference-links.js";

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export interface Constant {
  readonly name: string;
  readonly doc: Doc;
  readonly value: Json;
}

function withoutUndefined(entries: readonly (readonly [string, Json | undefined])[]): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of entries) if (value !== undefined) out[key] = value;
  return out;
}

function limitValue(l: Limit): Json {
  return withoutUndefined([
    ["id", l.id],
    ["title", l.title],
    ["minLength", l.minLength],
    ["maxLength", l.maxLength],
    ["minItems", l.minItems],
    ["maxItems", l.maxItems],
    ["note", l.note],
    ["appliesTo", l.appliesTo],
  ]);
}

function errorValue(e: ErrorRow): Json {
  return withoutUndefined([
    ["id", e.id],
    ["status", e.status],
    ["operations", e.operations],
    ["condition", e.condition],
    ["message", e.message],
    ["headers", e.headers],
    ["issue", e.issue],
  ]);
}

function doc(text: string, see: string): Doc {
  return { paragraphs: [text], tags: [see] };
}

export function constants(ir: SpecIR, links: ReferenceLinks): Constant[] {
  const types = ir.flowActions.types;
  const flowActions = seeTag("Flow actions in the reference", links.flowActions);
  const keys = types.flatMap((t) => t.variants.map((v) => v.key));
  return [
    { name: "SPEC_VERSION", doc: doc("The version of the spec these types and constants were generated from.", seeTag("The reference", links.index)), value: ir.version },
    { name: "FLOW_ACTION_TYPES", doc: doc(`Every action \`type\` (${types.length}), in code-unit order.`, flowActions), value: types.map((t) => t.type) },
    {
      name: "FLOW_ACTION_ACTIONS",
      doc: doc("The actions of each type, in the order the spec lists them.", flowActions),
      value: Object.fromEntries(types.map((t) => [t.type, t.variants.map((v) => v.action)])),
    },
    { name: "FLOW_ACTION_KEYS", doc: doc(`The \`"TYPE:ACTION"\` key of every variant (${keys.length}).`, flowActions), value: keys },
    {
      name: "LIMITS",
      doc: doc("The limits of the interface, by id; `appliesTo` names the `Record.field` paths each one bounds.", seeTag("Limits in the reference", links.limits)),
      value: Object.fromEntries(ir.limits.map((l) => [l.id, limitValue(l)])),
    },
    { name: "ERRORS", doc: doc("The error table: one row per code on the wire, the operations that answer with it, and when.", seeTag("Errors in the reference", links.errors)), value: ir.errors.map(errorValue) },
    {
      name: "INTERFACES",
      doc: doc("The interfaces of the spec by name: title, version, status where the spec gives one, and base path.", seeTag("The reference", links.index)),
      value: Object.fromEntries(ir.interfaces.map((i) => [i.name, withoutUndefined([["title", i.title], ["version", i.version], ["status", i.status], ["basePath", i.basePath]])])),
    },
    {
      name: "OPERATION_SCOPES",
      doc: doc("The scope a token needs for each operation; `null` where the operation asks for none.", seeTag("Operations in the reference", links.operations)),
      value: Object.fromEntries(ir.operations.map((op) => [op.id, op.scope ?? null])),
    },
    { name: "LIFECYCLE_LABELS", doc: doc("The lifecycle labels of the spec, in its order.", seeTag("The reference", links.index)), value: ir.lifecycle.map((l) => l.label) },
  ];
}
