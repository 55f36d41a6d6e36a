/**
 * The spec language, as JSON Schema: one schema per kind of spec file.
 *
 * `check-spec.ts` validates every loaded file against the schema of its kind and turns each
 * violation into a diagnostic. Alternatives are written with `if`/`then`/`else` rather than
 * `oneOf`, so a wrong value yields one precise error instead of one per branch.
 */

const nonNegativeInteger = { type: "integer", minimum: 0 } as const;
const text = { type: "string", minLength: 1 } as const;
const name = { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$" } as const;
const textList = { type: "array", items: text } as const;

const jsonTypes = ["string", "integer", "number", "boolean", "object", "array", "null"];

/** A schema node: the plain JSON Schema subset params and records are written in. */
const schemaNode = {
  type: "object",
  additionalProperties: false,
  properties: {
    type: {
      if: { type: "array" },
      then: { type: "array", minItems: 1, uniqueItems: true, items: { enum: jsonTypes } },
      else: { enum: jsonTypes },
    },
    title: name,
    description: text,
    lifecycle: text,
    properties: { type: "object", additionalProperties: { $ref: "#/$defs/schema" } },
    required: { type: "array", uniqueItems: true, items: text },
    additionalProperties: { if: { type: "object" }, then: { $ref: "#/$defs/schema" }, else: { type: "boolean" } },
    items: { $ref: "#/$defs/schema" },
    oneOf: { type: "array", minItems: 2, items: { $ref: "#/$defs/schema" } },
    anyOf: { type: "array", minItems: 2, items: { $ref: "#/$defs/schema" } },
    discriminator: text,
    enum: { type: "array", minItems: 1, uniqueItems: true, items: { type: ["string", "number"] } },
    const: { type: ["string", "number", "boolean"] },
    minLength: nonNegativeInteger,
    maxLength: nonNegativeInteger,
    minItems: nonNegativeInteger,
    maxItems: nonNegativeInteger,
    minProperties: nonNegativeInteger,
    maxProperties: nonNegativeInteger,
    minimum: { type: "number" },
    maximum: { type: "number" },
    format: text,
    pattern: text,
    $ref: name,
    examples: { type: "array" },
  },
  // A closed or open object must say which it is: JSON Schema's silent default (open) is the
  // mistake this rule exists to prevent.
  if: { required: ["type"], properties: { type: { const: "object" } } },
  then: { required: ["additionalProperties"] },
} as const;

const records = { type: "object", propertyNames: name, additionalProperties: { $ref: "#/$defs/schema" } } as const;

/**
 * The schema-node language, compiled once and shared by every file kind (compiling its recursion
 * into each file schema would cost Ajv most of a cold run).
 */
export const SCHEMA_LANGUAGE = { $id: "flowspec:schema-language", $defs: { schema: schemaNode, records } } as const;

const SCHEMA_REF = `${SCHEMA_LANGUAGE.$id}#/$defs/schema`;
const RECORDS_REF = `${SCHEMA_LANGUAGE.$id}#/$defs/records`;

function fileSchema(properties: Record<string, unknown>, required: string[]): Record<string, unknown> {
  const text = JSON.stringify({ type: "object", additionalProperties: false, properties, required });
  return JSON.parse(text.replaceAll('"#/$defs/schema"', JSON.stringify(SCHEMA_REF)).replaceAll('"#/$defs/records"', JSON.stringify(RECORDS_REF)));
}

export const ROOT_FILE = fileSchema(
  {
    specVersion: { type: "string", pattern: "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$" },
    title: text,
    servers: {
      type: "object",
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        required: ["url", "description"],
        properties: { url: text, description: text },
      },
    },
    interfaces: {
      type: "object",
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        required: ["title", "version", "server", "basePath", "description"],
        properties: {
          title: text,
          version: text,
          status: text,
          server: text,
          basePath: text,
          audience: text,
          description: text,
        },
      },
    },
    lifecycle: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["label", "description"],
        properties: { label: text, description: text },
      },
    },
  },
  ["specVersion", "title", "servers", "interfaces", "lifecycle"],
);

export const FORMATS_FILE = fileSchema(
  {
    formats: {
      type: "object",
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        required: ["description", "provenance", "syntax", "examples"],
        properties: {
          description: text,
          provenance: { enum: ["published", "observed"] },
          syntax: text,
          pattern: text,
          builtin: { enum: ["rfc3339-date", "rfc3339-date-time"] },
          examples: { type: "array", minItems: 1, items: { type: "string" } },
        },
        if: { required: ["builtin"] },
        then: { not: { required: ["pattern"] } },
        else: { required: ["pattern"] },
      },
    },
  },
  ["formats"],
);

export const RECORDS_FILE = fileSchema({ records: { $ref: "#/$defs/records" } }, ["records"]);

export const COMMON_FILE = fileSchema(
  {
    common: {
      type: "object",
      additionalProperties: false,
      required: ["required", "properties"],
      properties: {
        required: { type: "array", items: text },
        properties: { type: "object", additionalProperties: { $ref: "#/$defs/schema" } },
      },
    },
    records: { $ref: "#/$defs/records" },
  },
  ["common"],
);

export const PROVIDER_FILE = fileSchema(
  {
    type: { type: "string", pattern: "^[A-Z][A-Z0-9_]*$" },
    title: text,
    kind: text,
    placeholder: { type: "string", pattern: "^PROVIDER_[0-9]{2}$" },
    description: text,
    records: { $ref: "#/$defs/records" },
    actions: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["action", "description"],
        properties: {
          action: { type: "string", pattern: "^[A-Z][A-Z0-9_]*$" },
          description: text,
          lifecycle: text,
          paramsOptional: { type: "boolean" },
          params: { $ref: "#/$defs/schema" },
          // A realistic params value; the reference shows it and the tests validate it.
          example: { type: "object" },
        },
      },
    },
  },
  ["type", "title", "kind", "actions"],
);

const header = { type: "object", additionalProperties: false, required: ["value"], properties: { value: text, required: { type: "boolean" } } };

export const OPERATIONS_FILE = fileSchema(
  {
    operations: {
      type: "object",
      propertyNames: { pattern: "^[a-z][a-z0-9_]*$" },
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        required: ["summary", "interface", "method", "server", "path", "lifecycle", "success"],
        properties: {
          summary: text,
          description: text,
          interface: text,
          method: { enum: ["GET", "POST", "PUT", "PATCH", "DELETE"] },
          server: text,
          path: { type: "string", pattern: "^/" },
          lifecycle: text,
          scope: text,
          pathParams: { type: "object", additionalProperties: { $ref: "#/$defs/schema" } },
          headers: { type: "object", additionalProperties: header },
          requestContentTypes: { type: "array", minItems: 1, uniqueItems: true, items: text },
          body: name,
          query: name,
          success: {
            type: "object",
            additionalProperties: false,
            required: ["status"],
            properties: {
              status: { type: "integer", minimum: 100, maximum: 599 },
              contentType: text,
              body: name,
              description: text,
            },
          },
          errors: { type: "array", uniqueItems: true, items: text },
        },
      },
    },
  },
  ["operations"],
);

const ruleKinds = [
  "schemes",
  "operation_scopes",
  "global_client",
  "signature",
  "token_flows",
  "grant_not_allowed",
  "default_policies",
  "discouraged_policy",
  "granted_permissions",
  "step_up",
  "same_domain",
];

export const AUTHENTICATION_FILE = fileSchema(
  {
    securitySchemes: {
      type: "object",
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        required: ["interface", "type", "description"],
        properties: {
          interface: text,
          type: { enum: ["http", "oauth2"] },
          scheme: text,
          bearerFormat: text,
          flow: text,
          tokenUrl: text,
          audience: text,
          tokenTypes: textList,
          description: text,
        },
      },
    },
    rules: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "seed", "kind", "text"],
        properties: {
          id: name,
          seed: { type: "integer", minimum: 1 },
          kind: { enum: ruleKinds },
          text: text,
          interface: text,
          schemes: textList,
          status: { type: "integer" },
          error: text,
          audience: text,
          scopePattern: text,
          flows: {
            type: "array",
            items: {
              type: "object",
              additionalProperties: false,
              required: ["name", "login"],
              properties: { name: text, login: text, operations: textList },
            },
          },
          grant: text,
          policies: { type: "object", additionalProperties: text },
          policy: text,
          instead: text,
          intersectionOf: textList,
          recommendedFor: textList,
          method: text,
          sameFor: textList,
        },
      },
    },
  },
  ["securitySchemes", "rules"],
);

export const ERRORS_FILE = fileSchema(
  {
    errors: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "status", "operation", "condition", "message"],
        properties: {
          id: name,
          status: { type: "integer", minimum: 400, maximum: 599 },
          operation: text,
          condition: text,
          message: text,
          headers: textList,
        },
      },
    },
  },
  ["errors"],
);

export const RATE_LIMITS_FILE = fileSchema(
  {
    rateLimits: {
      type: "object",
      additionalProperties: false,
      required: ["status", "headers"],
      properties: {
        status: { type: "integer" },
        headers: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["name", "type", "meaning"],
            properties: { name: text, type: { enum: ["integer"] }, minimum: { type: "integer" }, meaning: text },
          },
        },
      },
    },
  },
  ["rateLimits"],
);

export const LIMITS_FILE = fileSchema(
  {
    limits: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "title", "appliesTo"],
        properties: {
          id: name,
          title: text,
          minLength: nonNegativeInteger,
          maxLength: nonNegativeInteger,
          minItems: nonNegativeInteger,
          maxItems: nonNegativeInteger,
          note: text,
          appliesTo: { type: "array", minItems: 1, items: text },
        },
      },
    },
  },
  ["limits"],
);

export const DISAGREEMENTS_FILE = fileSchema(
  {
    disagreements: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "area", "published", "sdks", "impact"],
        properties: {
          id: { type: "string", pattern: "^D[1-9][0-9]*$" },
          area: text,
          published: text,
          sdks: text,
          impact: text,
          affects: { type: "array", uniqueItems: true, items: text },
        },
      },
    },
  },
  ["disagreements"],
);
