/**
 * The few shapes the spec language is written in, as TypeBox schemas: each gives the JSON Schema
 * the checker runs and, through `Static`, the TypeScript type the later stages read. Where JSON
 * Schema has a form that yields one precise error (`enum`, `if`/`then`/`else`, a map with
 * `additionalProperties`) and TypeBox would write another (`anyOf` of constants, `patternProperties`),
 * the JSON keeps the precise form and the static type stays TypeBox's.
 */
import { Type, type TObject, type TProperties, type TRecord, type TSchema, type TString, type TUnion } from "@sinclair/typebox";

/** Non-empty text: descriptions, titles, ids. */
export const text = Type.String({ minLength: 1 });

/** A name a generated identifier is built from: a record, a title, a `$ref`. */
export const name = Type.String({ pattern: "^[A-Za-z_][A-Za-z0-9_]*$" });

export const nonNegativeInteger = Type.Integer({ minimum: 0 });

export const textList = Type.Array(text);

/** An object that says every key it allows: JSON Schema's silent default (open) is the usual mistake. */
export function closed<P extends TProperties>(properties: P, options: Record<string, unknown> = {}): TObject<P> {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** One of a fixed list of values, as `enum` (Ajv then names every allowed value in one error). */
export function oneOf<const V extends readonly (string | number)[]>(values: V) {
  return Type.Unsafe<V[number]>({ enum: [...values] });
}

/** A mapping from any key (or keys matching `keys`) to `value`, as `additionalProperties`. */
export function mapOf<V extends TSchema>(value: V, keys?: TSchema): TRecord<TString, V> {
  const json = keys === undefined ? { type: "object", additionalProperties: value } : { type: "object", propertyNames: keys, additionalProperties: value };
  return Type.Unsafe(json) as unknown as TRecord<TString, V>;
}

/** `A | B` for the type; `json` (an `if`/`then`/`else` that tells them apart) for the checker. */
export function either<A extends TSchema, B extends TSchema>(_a: A, _b: B, json: Record<string, unknown>): TUnion<[A, B]> {
  return Type.Unsafe(json) as unknown as TUnion<[A, B]>;
}
