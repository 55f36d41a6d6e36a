/**
 * `components.schemas` of the OpenAPI document: the JSON Schema documents of `json-schema/`, made
 * with every reference to another component of the one OpenAPI file. OpenAPI 3.1 schemas are JSON
 * Schema 2020-12, but tools (Swagger UI, Redoc, Prism, oasdiff) resolve `#/components/schemas/…`
 * reliably and `$id`-relative file names rarely, so each record and each `$defs` entry of
 * FlowAction becomes its own component (the generated names are unique across both:
 * `rules/type-names.ts`).
 */
import type { SpecIR } from "../ir/model.js";
import { jsonSchemaDocuments } from "../json-schema/documents.js";
import type { FlowActionRefStyle } from "../json-schema/to-json-schema.js";
import { internalError } from "../base/internal-error.js";

type Json = Record<string, unknown>;

const COMPONENT_SCHEMAS = "#/components/schemas/";

export function componentRef(name: string): string {
  return COMPONENT_SCHEMAS + name;
}

/**
 * References to components, for the schemas the document holds and those of its operations; a
 * FlowAction definition is a component too. With `discriminator`, which OpenAPI's dialect has.
 */
export const COMPONENT_REFS: FlowActionRefStyle = { record: componentRef, definition: componentRef, discriminators: true };

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
 * Adds every discriminated object of `schema` to `discriminated`. Only schemas are walked: what
 * other keywords hold (`examples`, `const`, `enum`, `required`) is data, even when it has a
 * `discriminator` key (an example of a request that carries an OpenAPI document could).
 */
function collectDiscriminated(schema: unknown, discriminated: Json[]): void {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return;
  const node = schema as Json;
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (SCHEMA_MAPS.has(key)) for (const member of Object.values(child as Json)) collectDiscriminated(member, discriminated);
    else if (SCHEMA_LISTS.has(key)) for (const member of child as unknown[]) collectDiscriminated(member, discriminated);
    else if (SCHEMA_VALUES.has(key)) collectDiscriminated(child, discriminated);
  }
  if (isDiscriminated(node)) discriminated.push(node);
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
  for (const doc of jsonSchemaDocuments(ir, { flowAction: COMPONENT_REFS, records: COMPONENT_REFS })) {
    const { $schema: _dialect, $id: _id, $defs, ...body } = doc.schema as Json;
    add(doc.name, body);
    for (const [name, def] of Object.entries(($defs as Json | undefined) ?? {})) add(name, def);
  }
  // A discriminator's mapping reads its members' constants, so it is added once every component
  // is in place. Each object is mapped once, however many components share it (every variant
  // shares the common fields' schemas).
  const discriminated: Json[] = [];
  for (const schema of Object.values(schemas)) collectDiscriminated(schema, discriminated);
  for (const node of new Set(discriminated)) addMapping(node, schemas);
  return schemas;
}
