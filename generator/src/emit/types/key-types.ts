/**
 * The names users key things by: the action types, the 61 `"TYPE:ACTION"` keys (listed from the
 * real pairs, never the cross product), lifecycle labels, operation ids; and the generic helpers
 * that pick variants by them.
 */
import type { SpecIR } from "../../ir/model.js";
import { FLOW_ACTION } from "../../ir/names.js";
import type { Doc } from "./jsdoc.js";
import { printAlias } from "./print-declarations.js";
import { FLOW_ACTIONS_LINK, OPERATIONS_LINK, REFERENCE_INDEX_LINK, seeTag } from "./reference-links.js";
import { quoteString } from "./style.js";
import type { TypeExpr } from "./type-expression.js";

/** The names of the generic helpers below; they cannot be used by a shape of the spec. */
export const HELPER_TYPE_NAMES = [
  "FlowActionType",
  "FlowActionKey",
  "LifecycleLabel",
  "OperationId",
  "FlowActionKeyOf",
  "FlowActionActionOf",
  "FlowActionOf",
  "FlowActionByKey",
  "FlowActionParamsOf",
] as const;

function literalUnion(values: readonly string[]): TypeExpr {
  const members = values.map(quoteString);
  return members.length === 1 ? { text: members[0]! } : { text: members.join(" | "), members };
}

function alias(name: string, paragraphs: readonly string[], see: string, values: readonly string[]): string {
  const doc: Doc = { paragraphs, tags: [see] };
  return printAlias(name, doc, literalUnion(values));
}

/**
 * Written once by hand in the layout prettier gives them (they do not depend on the spec). The
 * constraint on `A` is what turns an action the type does not have into a compile error.
 */
const HELPERS_SEE = seeTag("Flow actions in the reference", FLOW_ACTIONS_LINK);

const GENERIC_HELPERS = `/**
 * The key of a variant: \`FlowActionKeyOf<FlowActionStripeAddTaxId>\` is \`"STRIPE:ADD_TAX_ID"\`; of a
 * union, the keys of its members (never the cross product of their types and actions).
 * ${HELPERS_SEE}
 */
export type FlowActionKeyOf<V extends ${FLOW_ACTION}> = V extends ${FLOW_ACTION} ? \`\${V["type"]}:\${V["action"]}\` : never;

/**
 * The actions of one type: \`FlowActionActionOf<"STRIPE">\` is \`"ADD_TAX_ID" | "CREATE_CUSTOMER" | …\`.
 * ${HELPERS_SEE}
 */
export type FlowActionActionOf<T extends FlowActionType> = Extract<${FLOW_ACTION}, { type: T }>["action"];

/**
 * One variant, picked by type and action: \`FlowActionOf<"STRIPE", "ADD_TAX_ID">\` is
 * {@link FlowActionStripeAddTaxId}. An action the type does not have does not compile.
 * ${HELPERS_SEE}
 */
export type FlowActionOf<T extends FlowActionType, A extends FlowActionActionOf<T>> = Extract<
  ${FLOW_ACTION},
  { type: T; action: A }
>;

/**
 * The variant of a key: \`FlowActionByKey<"STRIPE:ADD_TAX_ID">\` is {@link FlowActionStripeAddTaxId}.
 * ${HELPERS_SEE}
 */
export type FlowActionByKey<K extends FlowActionKey> = K extends \`\${infer T}:\${infer A}\`
  ? Extract<${FLOW_ACTION}, { type: T; action: A }>
  : never;

/**
 * The params of one variant: \`FlowActionParamsOf<"STRIPE", "ADD_TAX_ID">\` is
 * {@link FlowActionStripeAddTaxIdParams}.
 * ${HELPERS_SEE}
 */
export type FlowActionParamsOf<T extends FlowActionType, A extends FlowActionActionOf<T>> = Exclude<
  Extract<${FLOW_ACTION}, { type: T; action: A }>["params"],
  undefined
>;
`;

export function keyTypeDeclarations(ir: SpecIR): string[] {
  const types = ir.flowActions.types.map((t) => t.type);
  const keys = ir.flowActions.types.flatMap((t) => t.variants.map((v) => v.key));
  const see = seeTag("Flow actions in the reference", FLOW_ACTIONS_LINK);
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
      seeTag("The reference", REFERENCE_INDEX_LINK),
      ir.lifecycle.map((l) => l.label),
    ),
    alias(
      "OperationId",
      ["The id of each operation of the spec."],
      seeTag("Operations in the reference", OPERATIONS_LINK),
      ir.operations.map((op) => op.id),
    ),
    GENERIC_HELPERS,
  ];
}
