/**
 * The schemas Ajv compiles, taken from the published JSON Schema documents (so the validator checks
 * exactly what `@flowspec/schema` says) and reshaped for dispatch:
 *
 * - per FlowAction variant, one schema for its params, instead of the 61-way union; the rest of an
 *   action (type, action, the common fields, closed) is the same for every variant, so it is one
 *   "envelope" schema (two: with params required, and optional), checked before the params;
 * - every `$ref` to the FlowAction union becomes `{flowAction: true}`, which calls the runtime
 *   dispatcher (recursion with a depth limit, union-aware errors);
 * - `discriminator` is dropped: the runtime dispatches discriminated unions itself.
 */
import type { SpecIR } from "../../ir/model.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { jsonSchemaDocuments, type JsonSchemaDocument } from "../../json-schema/documents.js";
import { schemaFileName } from "../../json-schema/to-json-schema.js";

export type Json = Record<string, unknown>;

export interface AjvSchemaSet {
  /** Every record, by record name, with the records it refers to inlined. */
  readonly records: ReadonlyMap<string, Json>;
  /** The params schema of every variant, by params name (`FlowActionStripeAddTaxIdParams`). */
  readonly params: ReadonlyMap<string, Json>;
  /** The action object around the params, when params is required and when it is optional. */
  readonly envelopes: { readonly required: Json; readonly optional: Json };
}

/** Keys that carry no validation: dropped so Ajv sees only what it checks. */
const DROPPED_KEYS = new Set(["$schema", "$comment", "$id", "discriminator", "title", "description", "examples"]);
const SCHEMA_MAPS = new Set(["properties", "$defs", "patternProperties", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["oneOf", "anyOf", "allOf", "prefixItems"]);
const SUBSCHEMAS = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"]);

/** How `$ref`s are resolved while reshaping: record file names, and `#`/`#/$defs/…` of one document. */
interface RefResolver {
  readonly records: ReadonlyMap<string, Json>;
  readonly localDefs?: Json;
}

/**
 * A deep copy of a schema, ready for Ajv: refs to records inlined (records never refer to each other
 * in a cycle; the one recursion goes through FlowAction), refs to the FlowAction union turned into
 * `{flowAction: true}`, annotations and dispatch hints dropped. It walks schema positions only, so a
 * property that happens to be called `const` or `title` is left alone.
 */
function reshape(schema: unknown, refs: RefResolver, seen: readonly string[] = []): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const node = schema as Json;
  if (typeof node.$ref === "string") return resolveRef(node.$ref, refs, seen);
  const out: Json = {};
  for (const [key, child] of Object.entries(node)) {
    if (DROPPED_KEYS.has(key)) continue;
    if (SUBSCHEMAS.has(key)) out[key] = reshape(child, refs, seen);
    else if (SCHEMA_LISTS.has(key)) out[key] = (child as unknown[]).map((s) => reshape(s, refs, seen));
    else if (SCHEMA_MAPS.has(key)) out[key] = Object.fromEntries(Object.entries(child as Json).map(([k, s]) => [k, reshape(s, refs, seen)]));
    else out[key] = child;
  }
  return out;
}

function resolveRef(ref: string, refs: RefResolver, seen: readonly string[]): unknown {
  if (ref === "#" || ref === schemaFileName(FLOW_ACTION)) return { flowAction: true };
  if (ref.startsWith("#/$defs/") && refs.localDefs) return reshape(refs.localDefs[ref.slice("#/$defs/".length)], refs, seen);
  const target = refs.records.get(ref);
  if (!target || seen.includes(ref)) throw new Error(`flowspec: cannot inline $ref ${ref} (${target ? "cycle" : "unknown"})`);
  return reshape(target, { records: refs.records }, [...seen, ref]);
}

function documentsByFile(docs: readonly JsonSchemaDocument[]): Map<string, Json> {
  return new Map(docs.map((d) => [d.fileName, d.schema as Json]));
}

/**
 * A variant's schema without what the dispatcher and the params validator already check: `type`
 * and `action` are the dispatch keys (only their type is left), `params` is checked on its own.
 */
function envelopeOf(variant: Json): Json {
  const properties = { ...(variant.properties as Json), type: { type: "string" }, action: { type: "string" }, params: {} };
  return { ...variant, properties };
}

/** The envelopes of all variants, which must be one of two: params required or optional. */
function envelopes(ir: SpecIR, defs: Json, files: ReadonlyMap<string, Json>): AjvSchemaSet["envelopes"] {
  const found = new Map<boolean, string>();
  for (const t of ir.flowActions.types) {
    for (const v of t.variants) {
      const text = JSON.stringify(reshape(envelopeOf(defs[v.name] as Json), { records: files }));
      const seen = found.get(v.paramsRequired);
      if (seen !== undefined && seen !== text) throw new Error(`flowspec: ${v.key} has fields the other variants lack; the validator assumes one shared envelope`);
      found.set(v.paramsRequired, text);
    }
  }
  const requiredText = found.get(true);
  if (requiredText === undefined) throw new Error("flowspec: no variant requires params");
  const required = JSON.parse(requiredText) as Json;
  const withoutParams = { ...required, required: (required.required as string[]).filter((name) => name !== "params") };
  const optionalText = found.get(false);
  return { required, optional: optionalText === undefined ? withoutParams : (JSON.parse(optionalText) as Json) };
}

export function ajvSchemaSet(ir: SpecIR): AjvSchemaSet {
  const docs = jsonSchemaDocuments(ir);
  const flowAction = docs.find((d) => d.name === FLOW_ACTION);
  if (!flowAction) throw new Error("flowspec: the FlowAction schema document is missing");
  const files = documentsByFile(docs);
  const defs = flowAction.schema.$defs as Json;
  const params = new Map<string, Json>();
  for (const t of ir.flowActions.types) {
    for (const v of t.variants) params.set(v.paramsName, reshape(defs[v.paramsName], { records: files, localDefs: defs }) as Json);
  }
  const records = new Map<string, Json>();
  for (const doc of docs) if (doc.name !== FLOW_ACTION) records.set(doc.name, reshape(doc.schema, { records: files }) as Json);
  return { records, params, envelopes: envelopes(ir, defs, files) };
}
