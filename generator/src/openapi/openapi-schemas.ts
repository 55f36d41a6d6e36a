/**
 * `components.schemas` of the OpenAPI document: the JSON Schema documents of `json-schema/`, with
 * every reference made local to the one OpenAPI file. OpenAPI 3.1 schemas are JSON Schema 2020-12,
 * but tools (Swagger UI, Redoc, Prism, oasdiff) resolve `#/components/schemas/…` reliably and
 * `$id`-relative file names rarely, so each record and each `$defs` entry of FlowAction becomes its
 * own component (the generated names are unique across both: `rules/type-names.ts`).
 */
import type { SpecIR } from "../ir/model.js";
import { jsonSchemaDocuments } from "../json-schema/documents.js";
import { internalError } from "../base/internal-error.js";

type Json = Record<string, unknown>;

const COMPONENT_SCHEMAS = "#/components/schemas/";
const FILE_SUFFIX = ".schema.json";
const DEFS = "#/$defs/";

export function componentRef(name: string): string {
  return COMPONENT_SCHEMAS + name;
}

/** A `$ref` of a schema document (`X.schema.json`, `#/$defs/X`, or `#` inside FlowAction) → its component. */
function localRef(ref: string, documentName: string): string {
  if (ref === "#") return componentRef(documentName);
  if (ref.startsWith(DEFS)) return componentRef(ref.slice(DEFS.length));
  if (ref.endsWith(FILE_SUFFIX) && !ref.includes("/")) return componentRef(ref.slice(0, -FILE_SUFFIX.length));
  throw internalError(`a schema reference the OpenAPI document cannot place: ${ref}`);
}

/** A node with a discriminator by property name over a `oneOf`: one whose discriminator gets a mapping. */
function isDiscriminated(node: Json): boolean {
  const discriminator = node.discriminator as { propertyName?: unknown } | undefined;
  return Boolean(discriminator) && typeof discriminator!.propertyName === "string" && Array.isArray(node.oneOf);
}

/** Keywords whose value is a map of schemas, a list of schemas, or one schema (those the JSON Schema emitter writes). */
const SCHEMA_MAPS = new Set(["properties", "$defs"]);
const SCHEMA_LISTS = new Set(["oneOf", "anyOf"]);
const SCHEMA_VALUES = new Set(["items", "additionalProperties"]);

/**
 * A schema with its references made local; every discriminated object of the copy is added to
 * `discriminated`. Only schemas are walked: what other keywords hold (`examples`, `const`, `enum`,
 * `required`) is data, kept as it is, even when it has a `$ref` key (an example of a request that
 * carries a JSON Schema does).
 */
function rewriteRefs(schema: unknown, documentName: string, discriminated: Json[]): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const rewrite = (child: unknown) => rewriteRefs(child, documentName, discriminated);
  const out: Json = {};
  for (const [key, child] of Object.entries(schema)) {
    if (key === "$ref" && typeof child === "string") out[key] = localRef(child, documentName);
    else if (SCHEMA_MAPS.has(key)) out[key] = Object.fromEntries(Object.entries(child as Json).map(([name, member]) => [name, rewrite(member)]));
    else if (SCHEMA_LISTS.has(key)) out[key] = (child as unknown[]).map(rewrite);
    else if (SCHEMA_VALUES.has(key)) out[key] = rewrite(child);
    else out[key] = child;
  }
  if (isDiscriminated(out)) discriminated.push(out);
  return out;
}

/** The constant a component gives `property`, if it gives one. */
function constantOf(schemas: Readonly<Record<string, Json>>, ref: unknown, property: string): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(COMPONENT_SCHEMAS)) return undefined;
  const properties = schemas[ref.slice(COMPONENT_SCHEMAS.length)]?.properties as Record<string, Json> | undefined;
  const value = properties?.[property]?.const;
  return typeof value === "string" ? value : undefined;
}

/**
 * OpenAPI's discriminator maps a value to a schema *name* unless `mapping` says otherwise; the
 * spec's values (`STRIPE`, `authorization_code`) are not names, so each discriminator gets the
 * mapping from each member's constant. A member without one is left to `oneOf`.
 */
function addMapping(node: Json, schemas: Readonly<Record<string, Json>>): void {
  const property = (node.discriminator as { propertyName: string }).propertyName;
  const mapping: Record<string, string> = {};
  for (const member of node.oneOf as Json[]) {
    const constant = constantOf(schemas, member.$ref, property);
    if (constant !== undefined) mapping[constant] = member.$ref as string;
  }
  if (Object.keys(mapping).length > 0) node.discriminator = { propertyName: property, mapping };
}

/** Every schema the operations use, by component name: FlowAction and its `$defs`, then the records. */
export function componentSchemas(ir: SpecIR): Record<string, Json> {
  const schemas: Record<string, Json> = {};
  const add = (name: string, schema: unknown): void => {
    if (Object.hasOwn(schemas, name)) throw internalError(`two OpenAPI components named ${name}`);
    schemas[name] = schema as Json;
  };
  // The discriminated objects are found while the references are rewritten; their mappings need
  // every component in place, so they come after (a mapping reads only members' constants).
  const discriminated: Json[] = [];
  for (const doc of jsonSchemaDocuments(ir, { discriminators: true })) {
    const { $schema: _dialect, $id: _id, $defs, ...body } = doc.schema as Json;
    add(doc.name, rewriteRefs(body, doc.name, discriminated));
    for (const [name, def] of Object.entries(($defs as Json | undefined) ?? {})) add(name, rewriteRefs(def, doc.name, discriminated));
  }
  for (const node of discriminated) addMapping(node, schemas);
  return schemas;
}
