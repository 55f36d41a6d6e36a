/**
 * The names users key things by: the action types, the 61 `"TYPE:ACTION"` keys (listed from the
 * real pairs, never the cross product), lifecycle labels, operation ids; and the generic helpers
 * that pick variants by them.
 */
import type { SpecIR } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import type { Doc } from "./jsdoc.js";
import { printAlias } from "./print-declarations.js";
import { seeTag, type ReferenceLinks } from "./reference-links.js";
import { quoteString } from "./style.js";
import type { TypeExpr } from "./type-expression.js";

function literalUnion(values: readonly string[]): TypeExpr {
  const members = values.map(quoteString);
  return members.length === 1 ? { text: members[0]! } : { text: members.join(" | "), members };
}

function alias(name: string, paragraphs: readonly string[], see: string, values: readonly string[]): string {
  const doc: Doc = { paragraphs, tags: [see] };
  return printAlias(name, doc, literalUnion(values));
}

/**
 * Written once by hand in the layout prettier gives them (they do not depend on the spec; their
 * names are `HELPER_TYPE_NAMES` in ir/names.ts). The constraint on `A` is what turns an action
 * the type does not have into a compile error.
 */
function genericHelpers(see: string): string {
  return `/**
 * The key of a variant: \`FlowActionKeyOf<FlowActionStripeAddTaxId>\` is \`"STRIPE:ADD_TAX_ID"\`; of a
 * union, the keys of its members (never the cross product of their types and actions).
 * ${see}
 */
export type FlowActionKeyOf<V extends ${FLOW_ACTION}> = V extends ${FLOW_ACTION} ? \`\${V["type"]}:\${V["action"]}\` : never;

/**
 * The actions of one type: \`FlowActionActionOf<"STRIPE">\` is \`"ADD_TAX_ID" | "CREATE_CUSTOMER" | …\`.
 * ${see}
 */
export type FlowActionActionOf<T extends FlowActionType> = Extract<${FLOW_ACTION}, { type: T }>["action"];

/**
 * One variant, picked by type and action: \`FlowActionOf<"STRIPE", "ADD_TAX_ID">\` is
 * {@link FlowActionStripeAddTaxId}. An action the type does not have does not compile.
 * ${see}
 */
export type FlowActionOf<T extends FlowActionType, A extends FlowActionActionOf<T>> = Extract<
  ${FLOW_ACTION},
  { type: T; action: A }
>;

/**
 * The variant of a key: \`FlowActionByKey<"STRIPE:ADD_TAX_ID">\` is {@link FlowActionStripeAddTaxId}.
 * ${see}
 */
export type FlowActionByKey<K extends FlowActionKey> = K extends \`\${infer T}:\${infer A}\`
  ? Extract<${FLOW_ACTION}, { type: T; action: A }>
  : never;

/**
 * The params of one variant: \`FlowActionParamsOf<"STRIPE", "ADD_TAX_ID">\` is
 * {@link FlowActionStripeAddTaxIdParams}.
 * ${see}
 */
export type FlowActionParamsOf<T extends FlowActionType, A extends FlowActionActionOf<T>> = Exclude<
  Extract<${FLOW_ACTION}, { type: T; action: A }>["params"],
  undefined
>;
`;
}

export function keyTypeDeclarations(ir: SpecIR, links: ReferenceLinks): string[] {
  const types = ir.flowActions.types.map((t) => t.type);
  const keys = ir.flowActions.types.flatMap((t) => t.variants.map((v) => v.key));
  const see = seeTag("Flow actions in the reference", links.flowActions);
  return [
    alias("FlowActionType", [`The \`type\` of an action: one per provider or built-in group (${types.length}).`], see, types),
    alias(
      "FlowActionKey",
      [`The \`"TYPE:ACTION"\` key of each of the ${keys.length} variants, from the pairs the spec defines.`],
      see,
      keys,
    ),
    alias(
      "LifecycleLabel",
      ["The lifecycle labels of the spec.", ir.lifecycle.map((l) => `- \`${l.label}\`: ${l.description}`).join("\n")],
      seeTag("The reference", links.index),
      ir.lifecycle.map((l) => l.label),
    ),
    alias(
      "OperationId",
      ["The id of each operation of the spec."],
      seeTag("Operations in the reference", links.operations),
      ir.operations.map((op) => op.id),
    ),
    genericHelpers(see),
  ];
}
