/**
 * Every generated name, derived from the spec the same way everywhere, so the types, the validator
 * and the reference agree and a name never needs a numeric suffix. `shape-names.ts` decides which
 * nested shape gets which of these names; the check stage reports clashes.
 */
import { RecentCache } from "../base/recent-cache.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";

/**
 * Names already made: the IR asks for a name at every property of every shape, and a spec repeats
 * few property names (about 5,200 asks for 455 names at ten times the spec's variants). Bounded, as
 * a watch run lives long.
 */
const upperCamels = new RecentCache<string, string>(4096);

/** `GOOGLE_SHEETS` → `GoogleSheets`, `basic_auth` → `BasicAuth`, `clientDataJSON` → `ClientDataJSON`. */
function upperCamel(name: string): string {
  return upperCamels.get(name, () => madeUpperCamel(name));
}

const NOT_WORD = 0;
const UPPER_OR_DIGIT = 1;
const LOWER = 2;

/**
 * What each ASCII character is to a name: a word is a run of letters and digits, anything else
 * parts words. A table rather than range tests, so every character takes the same steps: the
 * tests' short-circuit branches, first taken after V8 optimised the callers, deoptimised them.
 */
const CHAR_KINDS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  CHAR_KINDS[c] = /[a-z]/.test(ch) ? LOWER : /[A-Z0-9]/.test(ch) ? UPPER_OR_DIGIT : NOT_WORD;
}

function charKind(name: string, at: number): number {
  const c = name.charCodeAt(at);
  return c < 128 ? CHAR_KINDS[c]! : NOT_WORD;
}

/**
 * Each word with its first letter upper-cased, and the rest lower-cased when the word has no
 * lower-case letter (`GOOGLE` → `Google`, `clientDataJSON` → `ClientDataJSON`).
 *
 * A scan of the name, not a split by a regular expression with `filter` and `map` callbacks: V8
 * inlines this into `upperCamel`'s callers on a wide spec, and the callbacks' branches, first taken
 * after that, deoptimised them (`upperCamel` was optimised three times).
 */
function madeUpperCamel(name: string): string {
  let out = "";
  let start = 0;
  while (start < name.length) {
    if (charKind(name, start) === NOT_WORD) {
      start++;
      continue;
    }
    let end = start;
    let hasLower = false;
    for (; end < name.length; end++) {
      const kind = charKind(name, end);
      if (kind === NOT_WORD) break;
      if (kind === LOWER) hasLower = true;
    }
    const rest = name.slice(start + 1, end);
    out += name.charAt(start).toUpperCase() + (hasLower ? rest : rest.toLowerCase());
    start = end;
  }
  return out;
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
