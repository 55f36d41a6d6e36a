/**
 * An OpenAPI 3.x document → its operations, keyed `METHOD /full/path`, with what `upstream`
 * compares: request bodies by content type, the query as one object schema, and the responses by
 * status. The servers' base path is joined to each path, and a path written with its query
 * (`/oauth/token?grant_type=…`, as some editions do) is the same operation as the bare one: their
 * bodies become members of one union.
 */
import { isJsonObject } from "../base/json-object.js";
import { pointerSegments } from "../base/json-pointer.js";
import { JSON_MEDIA_TYPE } from "../spec-language/media-types.js";
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface DocumentOperation {
  readonly key: string;
  /** The operation ids the document gives it (several when paths with queries were merged). */
  readonly ids: readonly string[];
  readonly requestBodies: ReadonlyMap<string, JsonSchema>;
  /** The query parameters as one object schema; undefined when there are none. */
  readonly query?: JsonSchema;
  /** Status (or `default`) → the JSON body schema, or null when the response has none. */
  readonly responses: ReadonlyMap<string, JsonSchema | null>;
}

export interface OpenApiInput {
  readonly document: JsonSchema;
  readonly operations: ReadonlyMap<string, DocumentOperation>;
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;


/** A URI fragment's percent-escapes decoded (a malformed one is left as written). */
function percentDecoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** Follows local `$ref`s (`#/components/…`); returns the target and the last component name on the way. */
export function resolveRef(document: JsonSchema, schema: unknown): { readonly schema: JsonSchema; readonly name?: string } {
  let here = schema;
  let name: string | undefined;
  for (let hops = 0; isJsonObject(here) && typeof here.$ref === "string" && hops < 32; hops++) {
    const ref: string = here.$ref;
    if (!ref.startsWith("#/")) break;
    const segments = pointerSegments(percentDecoded(ref.slice(1)));
    name = segments.at(-1);
    let target: unknown = document;
    for (const segment of segments) target = isJsonObject(target) && Object.hasOwn(target, segment) ? target[segment] : undefined;
    here = target;
  }
  return { schema: isJsonObject(here) ? here : {}, ...(name !== undefined && { name }) };
}

function basePath(document: JsonSchema): string {
  const servers = document.servers;
  const url = Array.isArray(servers) && isJsonObject(servers[0]) && typeof servers[0].url === "string" ? servers[0].url : "";
  const match = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]*)?(\/[^?#]*)?/i.exec(url);
  return (match?.[1] ?? "").replace(/\/+$/, "");
}

function queryObject(document: JsonSchema, parameters: unknown): JsonSchema | undefined {
  if (!Array.isArray(parameters)) return undefined;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const raw of parameters) {
    const p = resolveRef(document, raw).schema;
    if (p.in !== "query" || typeof p.name !== "string") continue;
    properties[p.name] = p.schema ?? {};
    if (p.required === true) required.push(p.name);
  }
  return Object.keys(properties).length === 0 ? undefined : { type: "object", properties, required };
}

function jsonContent(content: unknown): JsonSchema | null {
  if (!isJsonObject(content)) return null;
  const json = Object.entries(content).find(([type]) => type === JSON_MEDIA_TYPE || type.endsWith("+json"));
  return json && isJsonObject(json[1]) && isJsonObject(json[1].schema) ? json[1].schema : null;
}

/** Marks, on a body merged from several paths, the operation id it came from (for naming it). */
export const MERGED_FROM = "x-flowspec-operation";

/** The union of two request bodies for one content type (paths with queries merged). */
function joined(a: JsonSchema | undefined, b: JsonSchema, operationId: unknown): JsonSchema {
  const named = typeof operationId === "string" ? { ...b, [MERGED_FROM]: operationId } : b;
  if (a === undefined) return named;
  const members = Array.isArray(a.oneOf) && a["x-flowspec-merged"] === true ? a.oneOf : [a];
  return { oneOf: [...members, named], "x-flowspec-merged": true };
}

export function readOpenApi(document: JsonSchema): OpenApiInput {
  interface Entry {
    ids: string[];
    requestBodies: Map<string, JsonSchema>;
    query?: JsonSchema;
    responses: Map<string, JsonSchema | null>;
  }
  const operations = new Map<string, Entry>();
  const base = basePath(document);
  const paths = isJsonObject(document.paths) ? document.paths : {};
  for (const [rawPath, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue;
    const path = base + rawPath.split("?")[0]!;
    for (const method of METHODS) {
      const op = item[method];
      if (!isJsonObject(op)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const entry: Entry = operations.get(key) ?? { ids: [], requestBodies: new Map(), responses: new Map() };
      if (typeof op.operationId === "string") entry.ids.push(op.operationId);
      const body = resolveRef(document, op.requestBody).schema;
      for (const [type, media] of Object.entries(isJsonObject(body.content) ? body.content : {})) {
        if (isJsonObject(media) && isJsonObject(media.schema)) entry.requestBodies.set(type, joined(entry.requestBodies.get(type), media.schema, op.operationId));
      }
      const query = queryObject(document, [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]);
      if (query !== undefined && entry.query === undefined) entry.query = query;
      for (const [status, response] of Object.entries(isJsonObject(op.responses) ? op.responses : {})) {
        entry.responses.set(status, jsonContent(resolveRef(document, response).schema.content));
      }
      operations.set(key, entry);
    }
  }
  return { document, operations: new Map([...operations].map(([key, e]) => [key, { key, ...e }])) };
}
