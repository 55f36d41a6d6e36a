/**
 * JSON values as JavaScript literals (index.js, index.cjs) or as the type `as const` gives them
 * (index.d.ts), laid out as prettier lays them out: objects always one property per line, arrays
 * on one line when they fit, and a long string moved under a long key.
 */
import type { Json } from "./constants.js";
import { fits, INDENT, propertyKey, quoteString } from "../../typescript/style.js";

export type ValueMode = "js" | "type";

interface Line {
  /** What precedes the value on its first line, indentation included. */
  readonly head: string;
  /** What follows it: `,` or `;` inside a literal, `;` after a declaration. */
  readonly tail: string;
  readonly indent: string;
  /** An object property whose key is long enough for prettier to break after the colon. */
  readonly breakableKey?: boolean;
}

function scalar(value: null | boolean | number | string): string {
  return typeof value === "string" ? quoteString(value) : String(value);
}

function isScalar(value: Json): value is null | boolean | number | string {
  return value === null || typeof value !== "object";
}

/** prettier keeps `key: "long string"` together when the key is shorter than tabWidth + 3. */
const SHORT_KEY = INDENT.length + 3;

function printScalar(value: null | boolean | number | string, at: Line): string {
  const flat = at.head + scalar(value) + at.tail;
  if (fits(flat) || at.breakableKey !== true || typeof value !== "string") return flat;
  return `${at.head.trimEnd()}\n${at.indent}${INDENT}${scalar(value)}${at.tail}`;
}

/**
 * The printers loop rather than `map` with callbacks: on a wide spec the constants list every
 * variant, enough for V8 to optimise these, and each callback was compiled into them. Lines are
 * joined, not concatenated (only a list that fits on one line is built with `+=`): `join` writes one
 * flat string, so a value's pieces die young instead of surviving garbage collections as a tree of
 * string pieces until the module is joined.
 */
function printArray(items: readonly Json[], at: Line, mode: ValueMode): string {
  const open = mode === "type" ? "readonly [" : "[";
  if (items.length === 0) return `${at.head}${open}]${at.tail}`;
  if (items.every(isScalar)) {
    let flat = `${at.head}${open}`;
    for (let i = 0; i < items.length; i++) flat += `${i > 0 ? ", " : ""}${scalar(items[i] as null | boolean | number | string)}`;
    flat += `]${at.tail}`;
    if (fits(flat)) return flat;
  }
  const inner = at.indent + INDENT;
  const item: Line = { head: inner, tail: ",", indent: inner };
  const lines = [`${at.head}${open}`];
  for (let i = 0; i < items.length; i++) lines.push(printValue(items[i]!, item, mode));
  lines.push(`${at.indent}]${at.tail}`);
  return lines.join("\n");
}

function printObject(value: { readonly [key: string]: Json }, at: Line, mode: ValueMode): string {
  const keys = Object.keys(value);
  if (keys.length === 0) return `${at.head}{}${at.tail}`;
  const inner = at.indent + INDENT;
  const separator = mode === "type" ? ";" : ",";
  const lines = [`${at.head}{`];
  for (let i = 0; i < keys.length; i++) {
    const printedKey = propertyKey(keys[i]!);
    const head = `${inner}${mode === "type" ? "readonly " : ""}${printedKey}: `;
    const breakableKey = mode === "js" && printedKey.length >= SHORT_KEY;
    lines.push(printValue(value[keys[i]!] as Json, { head, tail: separator, indent: inner, breakableKey }, mode));
  }
  lines.push(`${at.indent}}${at.tail}`);
  return lines.join("\n");
}

export function printValue(value: Json, at: Line, mode: ValueMode): string {
  if (isScalar(value)) return printScalar(value, at);
  if (Array.isArray(value)) return printArray(value as readonly Json[], at, mode);
  return printObject(value as { readonly [key: string]: Json }, at, mode);
}

/** `export const NAME = …;` */
export function esmConstant(name: string, value: Json): string {
  return printValue(value, { head: `export const ${name} = `, tail: ";", indent: "" }, "js") + "\n";
}

/** `exports.NAME = …;` */
export function cjsConstant(name: string, value: Json): string {
  return printValue(value, { head: `exports.${name} = `, tail: ";", indent: "" }, "js") + "\n";
}

/** `export declare const NAME: …;` with the literal type `as const` would give. */
export function declaredConstant(name: string, value: Json): string {
  return printValue(value, { head: `export declare const ${name}: `, tail: ";", indent: "" }, "type") + "\n";
}
