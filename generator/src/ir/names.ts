/**
 * Names of generated things, derived from the spec the same way everywhere, so the types, the
 * validator and the reference agree and a name never needs a numeric suffix.
 */

/** `GOOGLE_SHEETS` → `GoogleSheets`, `ADD_TAX_ID` → `AddTaxId`, `AUTH0` → `Auth0`. */
export function pascalCase(upperSnake: string): string {
  return upperSnake
    .toLowerCase()
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
}

/** The union of every variant. */
export const FLOW_ACTION = "FlowAction";

/** `STRIPE` → `FlowActionStripe`, the union of one type's variants. */
export function typeGroupName(type: string): string {
  return FLOW_ACTION + pascalCase(type);
}

/** (`STRIPE`, `ADD_TAX_ID`) → `FlowActionStripeAddTaxId`. */
export function variantName(type: string, action: string): string {
  return typeGroupName(type) + pascalCase(action);
}

/** (`STRIPE`, `ADD_TAX_ID`) → `FlowActionStripeAddTaxIdParams`. */
export function paramsName(type: string, action: string): string {
  return variantName(type, action) + "Params";
}

/** (`STRIPE`, `ADD_TAX_ID`) → `STRIPE:ADD_TAX_ID`, the key users write. */
export function variantKey(type: string, action: string): string {
  return `${type}:${action}`;
}

/** (`STRIPE`, `ADD_TAX_ID`) → `stripe-add_tax_id`, the reference's anchor. */
export function variantAnchor(type: string, action: string): string {
  return `${type.toLowerCase()}-${action.toLowerCase()}`;
}

/**
 * The validator package's stable API: the name stem (`validate<Stem>`, `is<Stem>`, `assert<Stem>`)
 * and the record each checks. The spec must define these records (a cross rule says so).
 */
export const PUBLIC_VALIDATORS: readonly (readonly [stem: string, target: string])[] = [
  ["CreateFlowRequest", "CreateFlowRequestContent"],
  ["CreateFlowResponse", "CreateFlowResponseContent"],
  ["FlowAction", FLOW_ACTION],
  ["ResourceServerScopesUpdate", "UpdateResourceServerScopesRequestContent"],
  ["AuthorizeQuery", "AuthorizeQuery"],
  ["TokenRequest", "TokenRequest"],
  ["PasskeyChallengeRequest", "PasskeyChallengeRequest"],
];
