/**
 * What each kind of spec file may say, one TypeBox schema per kind (authentication.yaml has its
 * own module). The checker validates every file against the schema of its kind; the `Raw*` types
 * are what the later stages read once a file has passed.
 */
import { Type } from "@sinclair/typebox";
import { closed, mapOf, name, nonNegativeInteger, oneOf, text, textList } from "./builders.js";
import { records, schemaNode } from "./schema-node.js";
import { JSON_MEDIA_TYPE } from "./media-types.js";

const PROVENANCES = ["published", "observed"] as const;
const BUILTIN_FORMATS = ["rfc3339-date", "rfc3339-date-time"] as const;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const server = closed({ url: text, description: text });

const iface = closed({
  title: text,
  version: text,
  status: Type.Optional(text),
  server: text,
  basePath: text,
  audience: Type.Optional(text),
  /** The record every error response of the interface's operations has as its body. */
  errorBody: Type.Optional(name),
  description: text,
});

export const ROOT_FILE = closed({
  specVersion: Type.String({ pattern: "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$" }),
  title: text,
  servers: mapOf(server),
  interfaces: mapOf(iface),
  lifecycle: Type.Array(closed({ label: text, description: text }), { minItems: 1 }),
});

const format = closed(
  {
    description: text,
    provenance: oneOf(PROVENANCES),
    syntax: text,
    pattern: Type.Optional(text),
    builtin: Type.Optional(oneOf(BUILTIN_FORMATS)),
    examples: Type.Array(Type.String(), { minItems: 1 }),
  },
  // Exactly one of the two says what a valid value is.
  { if: { required: ["builtin"] }, then: { not: { required: ["pattern"] } }, else: { required: ["pattern"] } },
);

export const FORMATS_FILE = closed({ formats: mapOf(format) });

export const RECORDS_FILE = closed({ records });

export const COMMON_FILE = closed({
  common: closed({ required: textList, properties: mapOf(schemaNode) }),
  records: Type.Optional(records),
});

const action = closed({
  action: Type.String({ pattern: "^[A-Z][A-Z0-9_]*$" }),
  description: text,
  lifecycle: Type.Optional(text),
  paramsOptional: Type.Optional(Type.Boolean()),
  params: Type.Optional(schemaNode),
  // A realistic params value; the checker validates it against `params`.
  example: Type.Optional(Type.Unsafe<Record<string, unknown>>({ type: "object" })),
});

export const PROVIDER_FILE = closed({
  type: Type.String({ pattern: "^[A-Z][A-Z0-9_]*$" }),
  title: text,
  kind: text,
  placeholder: Type.Optional(Type.String({ pattern: "^PROVIDER_[0-9]{2}$" })),
  description: Type.Optional(text),
  records: Type.Optional(records),
  actions: Type.Array(action, { minItems: 1 }),
});

const header = closed({ value: text, required: Type.Optional(Type.Boolean()) });

const operation = closed({
  summary: text,
  description: Type.Optional(text),
  interface: text,
  method: oneOf(METHODS),
  server: text,
  path: Type.String({ pattern: "^/" }),
  lifecycle: text,
  scope: Type.Optional(text),
  pathParams: Type.Optional(mapOf(schemaNode)),
  headers: Type.Optional(mapOf(header)),
  requestContentTypes: Type.Optional(Type.Array(text, { minItems: 1, uniqueItems: true })),
  body: Type.Optional(name),
  query: Type.Optional(name),
  success: closed({
    status: Type.Integer({ minimum: 100, maximum: 599 }),
    contentType: Type.Optional(text),
    body: Type.Optional(name),
    description: Type.Optional(text),
  }),
  /**
   * How a form body encodes a property that is not text (OpenAPI's Encoding Object): the
   * content type of its one field, e.g. `authn_response: application/json`.
   */
  formEncoding: Type.Optional(mapOf(oneOf([JSON_MEDIA_TYPE] as const))),
});

/** Operation ids become identifiers and anchors: lower case, digits and `_`. */
const operationId = Type.Unsafe<string>({ pattern: "^[a-z][a-z0-9_]*$" });

export const OPERATIONS_FILE = closed({ operations: mapOf(operation, operationId) });

/**
 * The fields of an operation an error message may name (`{scope}`): a row is shared by every
 * operation that answers with its code, so the message names what differs between them.
 */
export const ERROR_MESSAGE_FIELDS = ["scope", "contentTypes"] as const;
export type ErrorMessageField = (typeof ERROR_MESSAGE_FIELDS)[number];

/** The `{field}` placeholders a message uses, in order. */
export function messageFields(message: string): string[] {
  return [...message.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!);
}

/** A row's id is its code on the wire (`insufficient_scope`), one row per code. */
const errorCode = Type.String({ pattern: "^[a-z][a-z0-9_]*$" });

const errorRow = closed({
  id: errorCode,
  status: Type.Integer({ minimum: 400, maximum: 599 }),
  /** The operations that answer with it; the message may name their fields (`{scope}`, `{contentTypes}`). */
  operations: Type.Array(text, { minItems: 1, uniqueItems: true }),
  condition: text,
  message: text,
  headers: Type.Optional(textList),
  /** The validator's issue code this row answers instead of the 400 row (`unknown_variant`: a grant the spec does not describe). */
  issue: Type.Optional(Type.String({ pattern: "^[a-z][a-z_]*$" })),
});

export const ERRORS_FILE = closed({ errors: Type.Array(errorRow) });

const rateLimitHeader = closed({ name: text, type: oneOf(["integer"] as const), minimum: Type.Optional(Type.Integer()), meaning: text });

export const RATE_LIMITS_FILE = closed({ rateLimits: closed({ status: Type.Integer(), headers: Type.Array(rateLimitHeader) }) });

const limit = closed({
  id: name,
  title: text,
  minLength: Type.Optional(nonNegativeInteger),
  maxLength: Type.Optional(nonNegativeInteger),
  minItems: Type.Optional(nonNegativeInteger),
  maxItems: Type.Optional(nonNegativeInteger),
  note: Type.Optional(text),
  appliesTo: Type.Array(text, { minItems: 1 }),
});

export const LIMITS_FILE = closed({ limits: Type.Array(limit) });

/**
 * The codes of the mismatches `flowspec conformance` finds beyond the validator's issue codes and
 * the error table's codes; a traffic sign's `code` is one of the three.
 */
export const CONFORMANCE_CODES = {
  undocumented_status: "the response's status is neither the operation's success status nor one of its error rows'",
  refused_valid_request: "the service refused with a 400, 413 or 415 a request the spec accepts",
  undocumented_error_code: "an error response whose `errorCode` is not a row of the operation's error table for that status",
  unreadable_response: "a response body the documented record cannot be read from (not JSON)",
} as const;

/** The sides of an HTTP exchange a mismatch can be on. */
const TRAFFIC_SIDES = ["request", "response"] as const;

/**
 * One way a divergence shows in recorded traffic, for `flowspec conformance` to recognise it: every
 * field given must match the mismatch (`side` absent: either side, as when a response echoes the request; `at` is a JSON Pointer where `*` stands for one segment,
 * relative to the flow action when `variant` is given; `code` is a validator issue code or a
 * conformance code such as `undocumented_status`; `status` is the recorded status).
 */
const trafficSign = closed({
  operation: text,
  side: Type.Optional(oneOf(TRAFFIC_SIDES)),
  variant: Type.Optional(text),
  at: Type.Optional(Type.String({ pattern: "^(/[^/]*)*$" })),
  code: Type.Optional(text),
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
});

/** `decision`: the sources disagree or are silent and the spec decided, departing from the published definition. */
const DISAGREEMENT_KINDS = ["disagreement", "decision"] as const;

const disagreement = closed({
  id: Type.String({ pattern: "^D[1-9][0-9]*$" }),
  kind: Type.Optional(oneOf(DISAGREEMENT_KINDS)),
  area: text,
  published: text,
  sdks: text,
  impact: text,
  affects: Type.Optional(Type.Array(text, { uniqueItems: true })),
  traffic: Type.Optional(Type.Array(trafficSign, { minItems: 1 })),
});

export const DISAGREEMENTS_FILE = closed({ disagreements: Type.Array(disagreement) });
