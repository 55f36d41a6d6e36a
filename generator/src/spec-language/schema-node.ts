/**
 * The schema node: the plain JSON Schema subset params and records are written in. Registered once
 * under its `$id` and referred to by every file kind (compiling its recursion into each file's
 * schema would cost Ajv most of a cold run).
 */
import { Type, type Static } from "@sinclair/typebox";
import { closed, either, mapOf, name, nonNegativeInteger, oneOf, text } from "./builders.js";

/** The record name `$ref` may use for the union of every flow action (and `limits.yaml` for its fields). */
export const FLOW_ACTION = "FlowAction";

const JSON_TYPES = ["string", "integer", "number", "boolean", "object", "array", "null"] as const;

const jsonType = oneOf(JSON_TYPES);

/** `type: string` or `type: [string, "null"]`: a list says so with the right error when it is empty or repeats. */
const typeKeyword = Type.Unsafe<(typeof JSON_TYPES)[number] | (typeof JSON_TYPES)[number][]>({
  if: { type: "array" },
  then: { type: "array", minItems: 1, uniqueItems: true, items: { enum: [...JSON_TYPES] } },
  else: jsonType,
});

export const SCHEMA_NODE = Type.Recursive(
  (node) =>
    closed(
      {
        type: Type.Optional(typeKeyword),
        title: Type.Optional(name),
        description: Type.Optional(text),
        lifecycle: Type.Optional(text),
        properties: Type.Optional(mapOf(node)),
        required: Type.Optional(Type.Array(text, { uniqueItems: true })),
        additionalProperties: Type.Optional(either(Type.Boolean(), node, { if: { type: "object" }, then: node, else: { type: "boolean" } })),
        items: Type.Optional(node),
        oneOf: Type.Optional(Type.Array(node, { minItems: 2 })),
        anyOf: Type.Optional(Type.Array(node, { minItems: 2 })),
        discriminator: Type.Optional(text),
        enum: Type.Optional(Type.Array(either(Type.String(), Type.Number(), { type: ["string", "number"] }), { minItems: 1, uniqueItems: true })),
        const: Type.Optional(Type.Unsafe<string | number | boolean>({ type: ["string", "number", "boolean"] })),
        minLength: Type.Optional(nonNegativeInteger),
        maxLength: Type.Optional(nonNegativeInteger),
        minItems: Type.Optional(nonNegativeInteger),
        maxItems: Type.Optional(nonNegativeInteger),
        // JSON Schema 2020-12: when the key is present, the listed properties must be too (`client_assertion` → `client_assertion_type`).
        dependentRequired: Type.Optional(mapOf(Type.Array(text, { minItems: 1, uniqueItems: true }))),
        minProperties: Type.Optional(nonNegativeInteger),
        maxProperties: Type.Optional(nonNegativeInteger),
        minimum: Type.Optional(Type.Number()),
        maximum: Type.Optional(Type.Number()),
        format: Type.Optional(text),
        pattern: Type.Optional(text),
        $ref: Type.Optional(name),
        // Realistic values; the checker validates each one against the node.
        examples: Type.Optional(Type.Unsafe<unknown[]>({ type: "array" })),
      },
      // A closed or open object must say which it is: JSON Schema's silent default (open) is the
      // mistake this rule exists to prevent.
      { if: { required: ["type"], properties: { type: { const: "object" } } }, then: { required: ["additionalProperties"] } },
    ),
  { $id: "flowspec:schema-node" },
);

export type RawSchema = Static<typeof SCHEMA_NODE>;

/** A schema node wherever a file holds one. */
export const schemaNode = Type.Ref(SCHEMA_NODE);

/** `records:` of a records, common or provider file: name → schema node. */
export const records = mapOf(schemaNode, name);
