/**
 * Every generated name, derived from the spec the same way everywhere, so the types, the validator
 * and the reference agree and a name never needs a numeric suffix. `shape-names.ts` decides which
 * nested shape gets which of these names; the check stage reports clashes.
 */
import { RecentCache } from "../base/recent-cache.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";

/**
 * Names already made: the IR asks for a name at every property of every shape, and a spec repeats
 * few property names (about 5,200 asks for 455 names at ten times the spec's variants), while each
 * making runs two regular expressions and four array passes. Bounded, as a watch run lives long.
 */
const upperCamels = new RecentCache<string, string>(4096);

/** `GOOGLE_SHEETS` → `GoogleSheets`, `basic_auth` → `BasicAuth`, `clientDataJSON` → `ClientDataJSON`. */
function upperCamel(name: string): string {
  return upperCamels.get(name, () => madeUpperCamel(name));
}

function madeUpperCamel(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => (/^[A-Z0-9]+$/.test(word) ? word[0]! + word.slice(1).toLowerCase() : word[0]!.toUpperCase() + word.slice(1)))
    .join("");
}

/** `STRIPE` → `FlowActionStripe`, the union of one type's variants. */
export function typeGroupName(type: string): string {
  return FLOW_ACTION + upperCamel(type);
}

/** (`STRIPE`, `ADD_TAX_ID`) → `FlowActionStripeAddTaxId`. */
export function variantName(type: string, action: string): string {
  return typeGroupName(type) + upperCamel(action);
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

/** The generic helpers `@flowspec/types` declares besides the spec's shapes. */
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

/** A nested object without a title, named after the property that holds it: `…Params` + `TaxId`. */
export function propertyShapeName(parent: string, property: string): string {
  return parent + upperCamel(property);
}

/** The value schema of a map: `…Value`. */
export function valueShapeName(parent: string): string {
  return `${parent}Value`;
}

/** The item schema of an array: `…Item`. */
export function itemShapeName(parent: string): string {
  return `${parent}Item`;
}

/** A union member told apart by a required property of its own: `…WithTemplateId`. */
export function memberShapeName(parent: string, property: string): string {
  return `${parent}With${upperCamel(property)}`;
}
