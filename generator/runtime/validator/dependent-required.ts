/**
 * JSON Schema's `dependentRequired` on a record's top-level object, as a rule run once the input
 * matches its schema: when a property is present, the ones it names must be too
 * (`client_assertion` → `client_assertion_type`, RFC 7523 §2.2). For a discriminated union, each
 * member's pairs are found by the discriminator's value.
 */
import type { RawError } from "./context.js";
import { hasOwn, isObjectLike, ownValue } from "./own.js";

/** Tag (`""` for a record that is not a union) → property → the properties it needs. */
export type DependentRequiredTable = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

export function dependentRequiredRule(table: DependentRequiredTable, discriminator: string | null): (input: unknown) => RawError[] | null {
  return (input) => {
    if (!isObjectLike(input)) return null;
    const tag = discriminator === null ? "" : ownValue(input, discriminator);
    if (typeof tag !== "string" || !hasOwn.call(table, tag)) return null;
    const pairs = table[tag]!;
    let errors: RawError[] | null = null;
    for (const property in pairs) {
      if (ownValue(input, property) === undefined) continue;
      for (const missing of pairs[property]!) {
        if (ownValue(input, missing) !== undefined) continue;
        (errors ??= []).push({ instancePath: "", keyword: "dependentRequired", params: { missingProperty: missing, property } });
      }
    }
    return errors;
  };
}
