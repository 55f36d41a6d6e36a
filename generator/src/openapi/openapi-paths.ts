/**
 * `paths` of the OpenAPI document: each operation of the spec with its parameters, request body,
 * success response, error rows (grouped by status, each with the one error body record) and the
 * security its interface takes.
 */
import { errorMessage } from "../ir/error-messages.js";
import { errorBodyStyle } from "../ir/error-style.js";
import type { ErrorRow, Operation, SpecIR } from "../ir/model.js";
import { toJsonSchema } from "../json-schema/to-json-schema.js";
import { internalError } from "../base/internal-error.js";
import { reasonPhrase } from "../../runtime/validator/service/error-response.js";
import { COMPONENT_REFS, componentRef } from "./openapi-schemas.js";
import { documentOrigin, operationPlace, serverObject } from "./openapi-servers.js";
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE } from "../spec-language/media-types.js";

type Json = Record<string, unknown>;

/** The record every error response of the operation's interface has (its `errorBody`); undefined when the spec states none. */
function errorBody(ir: SpecIR, op: Operation): string | undefined {
  return ir.interfaces.find((i) => i.name === op.interface)?.errorBody;
}

/** A redirect (GET /authorize) answers these statuses itself; the others travel to the redirect URI (RFC 6749 §4.1.2.1). */
const ANSWERED_BEFORE_REDIRECT = new Set([400, 429]);

function isRedirect(op: Operation): boolean {
  return op.success.status >= 300 && op.success.status < 400;
}

/** OpenAPI ignores these as header parameters: security schemes and `requestBody` say them. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

function queryParameters(ir: SpecIR, recordName: string): Json[] {
  const record = ir.records.find((r) => r.name === recordName);
  if (record?.schema.kind !== "object") throw internalError(`the query record ${recordName} is not an object`);
  // The record's first example gives each parameter its own, so a mock server or a try-it panel
  // sends a request that passes.
  const example = (record.examples?.[0] ?? {}) as Record<string, unknown>;
  return record.schema.properties.map((p) => {
    const { description, ...schema } = toJsonSchema(p.schema, COMPONENT_REFS);
    const given = Object.hasOwn(example, p.name) ? { example: example[p.name] } : {};
    return { name: p.name, in: "query", required: p.required, ...(typeof description === "string" && { description }), schema, ...given };
  });
}

function parameters(ir: SpecIR, op: Operation): Json[] {
  const path = op.pathParams.map((p) => {
    const { description, ...schema } = toJsonSchema(p.schema, COMPONENT_REFS);
    return { name: p.name, in: "path", required: true, ...(typeof description === "string" && { description }), schema };
  });
  const headers = op.headers
    .filter((h) => !IGNORED_HEADERS.has(h.name.toLowerCase()))
    .map((h) => ({ name: h.name, in: "header", required: h.required, schema: { type: "string" }, example: h.value }));
  const query = op.query !== undefined ? queryParameters(ir, op.query) : [];
  return [...path, ...query, ...headers];
}


function requestBody(op: Operation): Json | undefined {
  if (op.body === undefined) return undefined;
  const schema = { $ref: componentRef(op.body) };
  const encoding = Object.entries(op.formEncoding);
  const mediaType = (type: string) => (type === FORM_MEDIA_TYPE && encoding.length > 0 ? { schema, encoding: Object.fromEntries(encoding.map(([name, contentType]) => [name, { contentType }])) } : { schema });
  return { required: true, content: Object.fromEntries(op.requestContentTypes.map((type) => [type, mediaType(type)])) };
}

/** The rows a redirect sends to the redirect URI as `error` (and `error_description`, `state`). */
function redirectedErrors(ir: SpecIR, op: Operation): string {
  if (!isRedirect(op)) return "";
  const rows = op.errors.map((id) => ir.errors.find((e) => e.id === id)!).filter((r) => !ANSWERED_BEFORE_REDIRECT.has(r.status));
  if (rows.length === 0) return "";
  return `\n\nOnce the client and its redirect URI are known, errors travel there as the \`error\` and \`error_description\` query parameters (with \`state\`): ${rows.map((r) => `\`${r.id}\` (${r.condition})`).join("; ")}`;
}

function successResponse(ir: SpecIR, op: Operation): Json {
  const { status, contentType, body, description } = op.success;
  const said = (description ?? (body !== undefined ? `The ${body} record.` : "Done.")) + redirectedErrors(ir, op);
  const content = contentType !== undefined ? { content: { [contentType]: body !== undefined ? { schema: { $ref: componentRef(body) } } : {} } } : {};
  const location = status >= 300 && status < 400 ? { headers: { Location: { description: "Where the client goes next.", required: true, schema: { type: "string" } } } } : {};
  return { description: said, ...location, ...content };
}

function rateLimitHeaders(ir: SpecIR, names: readonly string[]): Json {
  return Object.fromEntries(
    names.map((name) => {
      const header = ir.rateLimits.headers.find((h) => h.name === name);
      const schema = { type: header?.type ?? "string", ...(header?.minimum !== undefined && { minimum: header.minimum }) };
      return [name, { ...(header && { description: header.meaning }), required: true, schema }];
    }),
  );
}

/**
 * The status's body as the request check answers its first row, in the interface's style. A mock
 * server answers a status with its example, and Prism (through @stoplight/http-spec) puts the
 * schema's first example ahead of a media type's named `examples`, so each status states its own
 * `example`; its other rows are in the description.
 */
function errorExample(ir: SpecIR, op: Operation, row: ErrorRow): Json {
  const message = errorMessage(row, op);
  return errorBodyStyle(ir, op) === "oauth"
    ? { error: row.id, error_description: message }
    : { statusCode: row.status, error: reasonPhrase(row.status), message, errorCode: row.id };
}

/** One response per status: the rows' messages as its description, the error body, the rows' headers. */
function errorResponses(ir: SpecIR, op: Operation): Record<string, Json> {
  const rows = op.errors.map((id) => {
    const row = ir.errors.find((e) => e.id === id);
    if (!row) throw internalError(`unknown error row ${id}`);
    return row;
  }).filter((row) => !isRedirect(op) || ANSWERED_BEFORE_REDIRECT.has(row.status));
  const byStatus = new Map<number, ErrorRow[]>();
  for (const row of rows) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row]);
  const out: Record<string, Json> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers = [...new Set(group.flatMap((r) => r.headers))];
    const body = errorBody(ir, op);
    out[String(status)] = {
      description: group.map((r) => `\`${r.id}\` (${errorMessage(r, op)}): ${r.condition}`).join("\n\n"),
      ...(headers.length > 0 && { headers: rateLimitHeaders(ir, headers) }),
      ...(body !== undefined && { content: { [JSON_MEDIA_TYPE]: { schema: { $ref: componentRef(body) }, example: errorExample(ir, op, group[0]!) } } }),
    };
  }
  return out;
}

/** Each scheme of the operation's interface is an alternative; OAuth 2.0 ones ask for its scope. */
function security(ir: SpecIR, op: Operation): Json[] | undefined {
  const schemes = ir.securitySchemes.filter((s) => s.interface === op.interface);
  if (schemes.length === 0) return undefined;
  return schemes.map((s) => ({ [s.name]: s.type === "oauth2" && op.scope !== undefined ? [op.scope] : [] }));
}

function operationObject(ir: SpecIR, op: Operation): Json {
  const iface = ir.interfaces.find((i) => i.name === op.interface);
  const params = parameters(ir, op);
  const body = requestBody(op);
  const sec = security(ir, op);
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.description !== undefined && { description: op.description }),
    ...(iface && { tags: [iface.title] }),
    ...(params.length > 0 && { parameters: params }),
    ...(body && { requestBody: body }),
    responses: { [String(op.success.status)]: successResponse(ir, op), ...errorResponses(ir, op) },
    ...(sec && { security: sec }),
    ...(op.lifecycle === "Deprecated" && { deprecated: true }),
    "x-lifecycle": op.lifecycle,
  };
}

export function pathItems(ir: SpecIR): Record<string, Json> {
  const origin = documentOrigin(ir);
  const paths: Record<string, Json> = {};
  for (const op of ir.operations) {
    const place = operationPlace(ir, op);
    const item = (paths[place.path] ??= place.origin === origin ? {} : { servers: [serverObject(place.origin)] });
    const method = op.method.toLowerCase();
    if (Object.hasOwn(item, method)) throw internalError(`two operations on ${op.method} ${place.path}`);
    item[method] = operationObject(ir, op);
  }
  return paths;
}
