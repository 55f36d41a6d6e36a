/**
 * The FlowAction union as one JSON Schema document: the 61 variants and their params under
 * `$defs`, grouped by `type`. In the OpenAPI document each level is marked with a `discriminator`
 * so a tool that knows the keyword dispatches in two lookups instead of trying 61 branches; the
 * JSON Schema files leave it out (JSON Schema does not define it) and mean the same by `oneOf`.
 */
import type { ActionType, SpecIR, Variant } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import { toJsonSchema, type FlowActionRefStyle, type RefStyle } from "./to-json-schema.js";

type Json = Record<string, unknown>;

/** The schemas of the fields every action has, by name: made once, the same in every variant. */
function commonSchemas(ir: SpecIR, refs: RefStyle): Json {
  const schemas: Json = {};
  for (const p of ir.flowActions.common) schemas[p.name] = toJsonSchema(p.schema, refs);
  return schemas;
}

function variantSchema(ir: SpecIR, v: Variant, common: Json, refs: FlowActionRefStyle): Json {
  const props: Json = {
    type: { const: v.type },
    action: { const: v.action },
    ...common,
  };
  props.params = { $ref: refs.definition(v.paramsName) };
  const required = ["type", "action", ...ir.flowActions.common.filter((p) => p.required).map((p) => p.name)];
  if (v.paramsRequired) required.push("params");
  return {
    title: v.name,
    description: v.description,
    type: "object",
    properties: props,
    required,
    additionalProperties: false,
  };
}

function groupSchema(t: ActionType, refs: FlowActionRefStyle): Json {
  return {
    title: t.name,
    description: `The ${t.title} actions (type ${t.type}).`,
    type: "object",
    properties: { type: { const: t.type }, action: { enum: t.variants.map((v) => v.action) } },
    required: ["type", "action"],
    ...(refs.discriminators && { discriminator: { propertyName: "action" } }),
    oneOf: t.variants.map((v) => ({ $ref: refs.definition(v.name) })),
  };
}

/**
 * The body of FlowAction.schema.json, without the `$comment`/`$schema`/`$id` preamble; with the
 * OpenAPI document's refs, what it makes into components (the body, and each of `$defs`).
 */
export function flowActionDocument(ir: SpecIR, refs: FlowActionRefStyle): Json {
  const defs: Json = {};
  const common = commonSchemas(ir, refs);
  for (const t of ir.flowActions.types) {
    defs[t.name] = groupSchema(t, refs);
    for (const v of t.variants) {
      defs[v.name] = variantSchema(ir, v, common, refs);
      const examples = v.example ? { examples: [v.example] } : {};
      defs[v.paramsName] = { title: v.paramsName, ...toJsonSchema(v.params, refs), ...examples };
    }
  }
  return {
    title: FLOW_ACTION,
    description: "One action of a flow: exactly one of the variants, selected by the pair (type, action).",
    type: "object",
    properties: { type: { enum: ir.flowActions.types.map((t) => t.type) } },
    required: ["type", "action"],
    ...(refs.discriminators && { discriminator: { propertyName: "type" } }),
    oneOf: ir.flowActions.types.map((t) => ({ $ref: refs.definition(t.name) })),
    $defs: defs,
  };
}
