/**
 * Checks written inline where the value is read: strings, numbers, booleans, null. Each is one
 * boolean expression with the node's whole verdict; only when it fails does the code call the
 * runtime's `scalarErrors` with the node as a constant (scalar-errors.ts), which reports the errors
 * in JSON Schema's order. So a valid value costs the test alone, and the wording of errors is not
 * repeated at every property.
 *
 * Lengths count code points, decided by `.length` alone whenever it can be: a string of at most K
 * code units has at most K code points, and one of more than 2K code units has more than K.
 */
import type { BooleanNode, NullNode, NumericNode, StringNode } from "../../../ir/model.js";
import { literal, type Site } from "./sites.js";
import { internalError, unreachable } from "../../../base/internal-error.js";

type Scalar = string | number | boolean | null;
export type ScalarNode = StringNode | NumericNode | BooleanNode | NullNode;
type Matcher = (kind: "format" | "pattern", source: string) => string;

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

function enumOf(node: ScalarNode): readonly Scalar[] | undefined {
  const values = "enum" in node ? (node.enum as readonly unknown[] | undefined) : undefined;
  if (values !== undefined && !values.every(isScalar)) throw internalError("enum values must be strings, numbers, booleans or null");
  return values as readonly Scalar[] | undefined;
}

/** The node's verdict on `x` as one boolean expression, with no error built. */
export function scalarTest(node: ScalarNode, x: string, matcher: Matcher): string {
  const parts: string[] = [];
  const values = enumOf(node);
  switch (node.kind) {
    case "string":
      // A value equal to a string `const` or to one of an `enum` of strings is a string: that test first, no typeof.
      if (typeof node.const === "string" || (values !== undefined && values.every((v) => typeof v === "string"))) parts.push(oneOf(node, values, x));
      else parts.push(`typeof ${x} === "string"`);
      if (node.maxLength !== undefined) parts.push(`(${x}.length <= ${node.maxLength} || !exceedsCodePoints(${x}, ${node.maxLength}))`);
      // Any non-empty string has a code point: a minimum of 1 is a test of the length alone.
      if (node.minLength === 1) parts.push(`${x}.length !== 0`);
      else if (node.minLength !== undefined && node.minLength > 1) parts.push(`(${x}.length >= ${2 * node.minLength} || !fallsShortOfCodePoints(${x}, ${node.minLength}))`);
      if (node.pattern !== undefined) parts.push(`${matcher("pattern", node.pattern)}(${x})`);
      if (node.format !== undefined) parts.push(`${matcher("format", node.format)}(${x})`);
      break;
    case "boolean":
      parts.push(`typeof ${x} === "boolean"`);
      break;
    case "null":
      return `${x} === null`;
    default:
      // JSON has no NaN or Infinity: a number must be finite (Ajv's strictNumbers).
      parts.push(node.kind === "integer" ? `Number.isInteger(${x})` : `Number.isFinite(${x})`);
      if (node.minimum !== undefined) parts.push(`${x} >= ${node.minimum}`);
      if (node.maximum !== undefined) parts.push(`${x} <= ${node.maximum}`);
  }
  if (node.kind !== "string" || parts[0]!.startsWith("typeof")) {
    const test = oneOf(node, values, x);
    if (test !== "") parts.push(test);
  }
  return parts.join(" && ");
}

/** The `const` and `enum` tests of a node ("" if it has neither). */
function oneOf(node: StringNode | NumericNode | BooleanNode, values: readonly Scalar[] | undefined, x: string): string {
  const parts: string[] = [];
  if (node.const !== undefined) parts.push(`${x} === ${literal(node.const)}`);
  if (values !== undefined) parts.push(`(${values.map((v) => `${x} === ${literal(v)}`).join(" || ")})`);
  return parts.join(" && ");
}

/** The node as the constant `scalarErrors` reads (its matchers by name). */
export function scalarSchema(node: ScalarNode, matcher: Matcher): string {
  const fields: string[] = [`type: ${literal(node.kind)}`];
  const put = (key: string, value: unknown) => {
    if (value !== undefined) fields.push(`${key}: ${literal(value)}`);
  };
  if (node.kind !== "null") put("const", node.const);
  put("enum", enumOf(node));
  if (node.kind === "string") {
    put("maxLength", node.maxLength);
    put("minLength", node.minLength);
    if (node.pattern !== undefined) fields.push(`pattern: ${literal(node.pattern)}`, `matchPattern: ${matcher("pattern", node.pattern)}`);
    if (node.format !== undefined) fields.push(`format: ${literal(node.format)}`, `matchFormat: ${matcher("format", node.format)}`);
  }
  if (node.kind === "integer" || node.kind === "number") {
    put("minimum", node.minimum);
    put("maximum", node.maximum);
  }
  return `{ ${fields.join(", ")} }`;
}

/** The check at a site: the test, and the errors only if it fails. */
export function scalarCode(node: ScalarNode, site: Site, matcher: Matcher, schema: string): string {
  return `if (!(${scalarTest(node, site.value, matcher)}) && (n += scalarErrors(c, ${site.value}, ${site.path}, ${schema}), ${site.stop})) return n;`;
}

/**
 * The test that tells a union whether a member applies to a value: when it fails, the member's one
 * error would be its type, so the member need not run. Null when the member's first error might be
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
      return unreachable(never, "node");
    }
  }
}
