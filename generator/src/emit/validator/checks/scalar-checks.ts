/**
 * Checks written inline where the value is read: strings, numbers, booleans, null, and the objects
 * and lists that only need their type. The keywords of a node are checked in the order JSON Schema
 * validators (Ajv) check them, so the first error and the order of all errors are theirs:
 *
 * - a node whose type has no keyword of its own (a string with only `enum`) checks the type first,
 *   then `const` and `enum`, which apply to any value, so with all errors a number given for a string
 *   enumeration is two errors;
 * - a node with keywords of its type (`maxLength`, `minimum`) checks `const` and `enum` first, then
 *   those keywords if the value has the type, else reports the type;
 * - an integer is always checked first; `minimum`/`maximum` then apply to any finite number, so with
 *   all errors 1.5 for an integer of at least 2 is two errors.
 *
 * Lengths count code points, decided by `.length` alone whenever it can be: a string of at most K
 * code units has at most K code points, and one of more than 2K code units has more than K.
 */
import type { BooleanNode, NumericNode, StringNode } from "../../../ir/model.js";
import { fail, literal, typeParams, type Site } from "./sites.js";

type Scalar = string | number | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** `const` then `enum`: they apply to any value, whatever its type. */
function anyTypeKeywords(node: StringNode | NumericNode | BooleanNode, site: Site): string[] {
  const x = site.value;
  const out: string[] = [];
  if (node.const !== undefined) out.push(`if (${x} !== ${literal(node.const)}) ${fail(site, "const", `{ allowedValue: ${literal(node.const)} }`)}`);
  const values = "enum" in node ? node.enum : undefined;
  if (values !== undefined) {
    if (!values.every(isScalar)) throw new Error("flowspec: enum values must be strings, numbers, booleans or null");
    out.push(`if (!(${values.map((v) => `${x} === ${literal(v)}`).join(" || ")})) ${fail(site, "enum", `{ allowedValues: ${literal(values)} }`)}`);
  }
  return out;
}

/** Keywords of the value's own type, guarded by a type test; the type error comes after `const`/`enum` then. */
function typedGroup(test: string, checks: readonly string[], typeError: string | null): string {
  const body = checks.join("\n");
  if (typeError === null) return checks.length === 0 ? "" : `if (${test}) {\n${body}\n}`;
  return `if (${test}) {\n${body}\n} else ${typeError}`;
}

export function stringCode(node: StringNode, site: Site, matcher: (kind: "format" | "pattern", source: string) => string): string {
  const x = site.value;
  const typeError = fail(site, "type", typeParams("string"));
  const checks: string[] = [];
  const { maxLength, minLength } = node;
  if (maxLength !== undefined) checks.push(`if (${x}.length > ${maxLength} && exceedsCodePoints(${x}, ${maxLength})) ${fail(site, "maxLength", `{ limit: ${maxLength} }`)}`);
  if (minLength !== undefined && minLength > 0) checks.push(`if (${x}.length < ${2 * minLength} && fallsShortOfCodePoints(${x}, ${minLength})) ${fail(site, "minLength", `{ limit: ${minLength} }`)}`);
  if (node.pattern !== undefined) checks.push(`if (!${matcher("pattern", node.pattern)}(${x})) ${fail(site, "pattern", `{ pattern: ${literal(node.pattern)} }`)}`);
  if (node.format !== undefined) checks.push(`if (!${matcher("format", node.format)}(${x})) ${fail(site, "format", `{ format: ${literal(node.format)} }`)}`);
  const test = `typeof ${x} === "string"`;
  const ownKeywords = maxLength !== undefined || minLength !== undefined || node.pattern !== undefined || node.format !== undefined;
  const anyType = anyTypeKeywords(node, site);
  if (!ownKeywords) return [`if (!(${test})) ${typeError}`, ...anyType].join("\n");
  return [...anyType, typedGroup(test, checks, typeError)].join("\n");
}

function rangeChecks(node: NumericNode, site: Site): string[] {
  const x = site.value;
  const checks: string[] = [];
  if (node.maximum !== undefined) checks.push(`if (${x} > ${node.maximum}) ${fail(site, "maximum", `{ comparison: "<=", limit: ${node.maximum} }`)}`);
  if (node.minimum !== undefined) checks.push(`if (${x} < ${node.minimum}) ${fail(site, "minimum", `{ comparison: ">=", limit: ${node.minimum} }`)}`);
  return checks;
}

export function numericCode(node: NumericNode, site: Site): string {
  const x = site.value;
  // JSON has no NaN or Infinity: a number must be finite (Ajv's strictNumbers).
  const finite = `Number.isFinite(${x})`;
  const ranges = rangeChecks(node, site);
  const anyType = anyTypeKeywords(node, site);
  if (node.kind === "integer") {
    return [`if (!Number.isInteger(${x})) ${fail(site, "type", typeParams("integer"))}`, ...anyType, typedGroup(finite, ranges, null)].filter((s) => s !== "").join("\n");
  }
  const typeError = fail(site, "type", typeParams("number"));
  if (node.minimum === undefined && node.maximum === undefined) return [`if (!${finite}) ${typeError}`, ...anyType].join("\n");
  return [...anyType, typedGroup(finite, ranges, typeError)].join("\n");
}

export function booleanCode(node: BooleanNode, site: Site): string {
  return [`if (typeof ${site.value} !== "boolean") ${fail(site, "type", typeParams("boolean"))}`, ...anyTypeKeywords(node, site)].join("\n");
}

export function nullCode(site: Site): string {
  return `if (${site.value} !== null) ${fail(site, "type", typeParams("null"))}`;
}

/**
 * The test that tells a union whether a branch applies to a value: when it fails, the branch's one
 * error would be its type, so the branch need not run. Null when the branch's first error might be
 * another (`const`/`enum` come before the type when the type has keywords of its own).
 */
export function scalarTypeTest(node: StringNode | NumericNode | BooleanNode, value: string): { readonly test: string; readonly type: string } | null {
  const anyType = node.const !== undefined || ("enum" in node && node.enum !== undefined);
  switch (node.kind) {
    case "string": {
      const ownKeywords = node.maxLength !== undefined || node.minLength !== undefined || node.pattern !== undefined || node.format !== undefined;
      return anyType && ownKeywords ? null : { test: `typeof ${value} === "string"`, type: "string" };
    }
    case "integer":
      return { test: `Number.isInteger(${value})`, type: "integer" };
    case "number":
      return anyType && (node.minimum !== undefined || node.maximum !== undefined) ? null : { test: `Number.isFinite(${value})`, type: "number" };
    case "boolean":
      return { test: `typeof ${value} === "boolean"`, type: "boolean" };
    default: {
      const never: never = node;
      throw new Error(`unhandled node ${JSON.stringify(never)}`);
    }
  }
}

/**
 * The same verdict as the checks above as one boolean expression, with no error built: what a union
 * tries first, so that a value one member fits costs no error object from the members it does not.
 */
export function scalarTest(node: StringNode | NumericNode | BooleanNode, x: string, matcher: (kind: "format" | "pattern", source: string) => string): string {
  const parts: string[] = [];
  if (node.kind === "string") {
    parts.push(`typeof ${x} === "string"`);
    if (node.maxLength !== undefined) parts.push(`(${x}.length <= ${node.maxLength} || !exceedsCodePoints(${x}, ${node.maxLength}))`);
    if (node.minLength !== undefined && node.minLength > 0) parts.push(`(${x}.length >= ${2 * node.minLength} || !fallsShortOfCodePoints(${x}, ${node.minLength}))`);
    if (node.pattern !== undefined) parts.push(`${matcher("pattern", node.pattern)}(${x})`);
    if (node.format !== undefined) parts.push(`${matcher("format", node.format)}(${x})`);
  } else if (node.kind === "boolean") {
    parts.push(`typeof ${x} === "boolean"`);
  } else {
    parts.push(node.kind === "integer" ? `Number.isInteger(${x})` : `Number.isFinite(${x})`);
    if (node.minimum !== undefined) parts.push(`${x} >= ${node.minimum}`);
    if (node.maximum !== undefined) parts.push(`${x} <= ${node.maximum}`);
  }
  if (node.const !== undefined) parts.push(`${x} === ${literal(node.const)}`);
  const values = "enum" in node ? node.enum : undefined;
  if (values !== undefined) parts.push(`(${values.map((v) => `${x} === ${literal(v)}`).join(" || ")})`);
  return parts.join(" && ");
}
