/**
 * A schema node in words, for one row of a fields table: its type, its constraints and its format.
 * References to records become links; a reference to a plain-string record (VaultConnectionId)
 * also shows that record's constraints, since they apply to the field.
 */
import type { NamedRecord, ObjectNode, SchemaNode, SpecIR } from "../../ir/model.js";
import { recordsByName } from "../../ir/lookups.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { formatHref, href, recordHref } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { code, link } from "../markdown.js";
import { unreachable } from "../../base/internal-error.js";

export interface SchemaContext {
  /** The page the text is written on, so links are relative to it. */
  readonly from: string;
  readonly records: ReadonlyMap<string, NamedRecord>;
}

export function schemaContext(ir: SpecIR, from: string): SchemaContext {
  return { from, records: recordsByName(ir) };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The record a reference points at, when it is a record whose schema is not an object or union. */
function scalarRecord(node: SchemaNode, ctx: SchemaContext): NamedRecord | undefined {
  if (node.kind !== "ref") return undefined;
  const record = ctx.records.get(node.target);
  const kind = record?.schema.kind;
  return kind === "string" || kind === "integer" || kind === "number" || kind === "boolean" ? record : undefined;
}

function isMap(node: ObjectNode): node is ObjectNode & { additional: SchemaNode } {
  return node.properties.length === 0 && typeof node.additional === "object";
}

export function typeText(node: SchemaNode, ctx: SchemaContext): string {
  switch (node.kind) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
    case "null":
      return node.kind;
    case "any":
      return "any JSON value";
    case "object":
      return isMap(node) ? `map of ${innerType(node.additional, ctx)}` : "object";
    case "array":
      return node.items.kind === "any" ? "array" : `array of ${innerType(node.items, ctx)}`;
    case "union":
      return naturalList(unique(node.members.map((m) => typeText(m, ctx))));
    case "ref": {
      if (node.target === FLOW_ACTION) return link(FLOW_ACTION, href(ctx.from, PAGES.flowActions));
      const target = link(node.target, recordHref(ctx.from, node.target));
      const scalar = scalarRecord(node, ctx);
      return scalar ? `${scalar.schema.kind} (${target})` : target;
    }
    default:
      return unreachable(node, "schema node");
  }
}

/** `a`, `a or b`, `a, b or c` */
function naturalList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** The type of array items or map values; a union is bracketed so `of` binds to all of it. */
function innerType(node: SchemaNode, ctx: SchemaContext): string {
  const text = typeText(node, ctx);
  return node.kind === "union" && text.includes(" or ") ? `(${text})` : text;
}

/** A length or count: "1–150 characters", "at most 30 characters", "not empty". */
function sizeRange(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min} ${unit}` : `${min}–${max} ${unit}`;
  if (max !== undefined) return `at most ${max} ${unit}`;
  if (min === 1) return "not empty";
  if (min !== undefined && min > 1) return `at least ${min} ${unit}`;
  return undefined;
}

function numberRange(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `${min}–${max}`;
  if (max !== undefined) return `≤ ${max}`;
  if (min !== undefined) return `≥ ${min}`;
  return undefined;
}

function literal(value: string | number | boolean): string {
  return value === "" ? "the empty string" : code(String(value));
}

function valueRules(node: { readonly enum?: readonly (string | number)[]; readonly const?: string | number | boolean }): string[] {
  const rules: string[] = [];
  if (node.const !== undefined) rules.push(`always ${literal(node.const)}`);
  if (node.enum !== undefined) rules.push(`one of ${node.enum.map(literal).join(", ")}`);
  return rules;
}

function objectRules(node: ObjectNode, ctx: SchemaContext): string[] {
  const rules = [sizeRange(node.minProperties, node.maxProperties, "keys")].filter((r): r is string => r !== undefined);
  if (isMap(node)) {
    const values = constraintsOf(node.additional, ctx);
    if (values.length > 0) rules.push(`each value ${values.join(", ")}`);
  } else if (node.additional === true) {
    rules.push(node.properties.length > 0 ? "other keys allowed" : "any keys");
  }
  return rules;
}

function unionRules(members: readonly SchemaNode[], ctx: SchemaContext): string[] {
  const labelled = unique(members.map((m) => typeText(m, ctx))).length === members.length;
  return members.flatMap((m) => {
    // "any keys" tells a free object from a closed one in a row of its own; beside other types it is noise.
    const rules = constraintsOf(m, ctx).filter((r) => r !== "any keys");
    if (rules.length === 0) return [];
    return [labelled ? `${typeText(m, ctx)}: ${rules.join(", ")}` : rules.join(", ")];
  });
}

/** The constraints of a node, each a short phrase ("at most 250 characters", "one of `GET`, `POST`"). */
export function constraintsOf(node: SchemaNode, ctx: SchemaContext): string[] {
  switch (node.kind) {
    case "string": {
      const length = sizeRange(node.minLength, node.maxLength, "characters");
      const pattern = node.pattern === undefined ? [] : [`matches ${code(node.pattern)}`];
      return [...(length ? [length] : []), ...valueRules(node), ...pattern];
    }
    case "integer":
    case "number": {
      const bounds = numberRange(node.minimum, node.maximum);
      return [...(bounds ? [bounds] : []), ...valueRules(node)];
    }
    case "boolean":
      return node.const === undefined ? [] : [`always ${literal(node.const)}`];
    case "null":
    case "any":
      return [];
    case "object":
      return objectRules(node, ctx);
    case "array": {
      const count = sizeRange(node.minItems, node.maxItems, "items");
      return count ? [count] : [];
    }
    case "union":
      return unionRules(node.members, ctx);
    case "ref": {
      const scalar = scalarRecord(node, ctx);
      return scalar ? constraintsOf(scalar.schema, ctx) : [];
    }
    default:
      return unreachable(node, "schema node");
  }
}

/** The named formats a value must follow, as links to the formats page. */
export function formatsOf(node: SchemaNode, ctx: SchemaContext): string[] {
  switch (node.kind) {
    case "string":
      return node.format === undefined ? [] : [link(node.format, formatHref(ctx.from, node.format))];
    case "union":
      return unique(node.members.flatMap((m) => formatsOf(m, ctx)));
    case "array":
      return formatsOf(node.items, ctx);
    case "ref": {
      const scalar = scalarRecord(node, ctx);
      return scalar ? formatsOf(scalar.schema, ctx) : [];
    }
    case "integer":
    case "number":
    case "boolean":
    case "null":
    case "any":
    case "object":
      return [];
    default:
      return unreachable(node, "schema node");
  }
}

/** The node's own description, or else the description of the record it refers to. */
export function descriptionOf(node: SchemaNode, ctx: SchemaContext): string {
  if (node.description !== undefined) return node.description;
  if (node.kind === "ref") return ctx.records.get(node.target)?.description ?? "";
  return "";
}
