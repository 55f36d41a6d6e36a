/**
 * Compares two schema nodes (old spec, new spec) and records each difference with its level.
 * Paths grow like `.name` (property), `[]` (array items), `.*` (extra properties of a map) and
 * `<integer>` (a union member).
 */
import type { ArrayNode, NumericNode, ObjectNode, Property, SchemaNode, StringNode, UnionNode } from "../ir/model.js";
import type { ChangeList } from "./change-list.js";
import { compareBound, compareConst, compareDoc, compareEnum, compareRestriction } from "./compare.js";
import { type ChangeKind } from "./classify.js";
import { unreachable } from "../base/internal-error.js";

export interface SchemaDiffContext {
  readonly list: ChangeList;
  /** Record schemas of the old and the new spec, by name, to resolve `ref` nodes. */
  readonly before: ReadonlyMap<string, SchemaNode>;
  readonly after: ReadonlyMap<string, SchemaNode>;
  /** Ref pairs being compared right now, so recursive records do not loop. */
  readonly resolving: Set<string>;
}

export function diffSchema(ctx: SchemaDiffContext, where: string, a: SchemaNode, b: SchemaNode): void {
  compareDoc(ctx.list, where, "title", a.title, b.title);
  compareDoc(ctx.list, where, "description", a.description, b.description);
  diffStructure(ctx, where, a, b);
}

/** Everything but the node's own title and description. */
function diffStructure(ctx: SchemaDiffContext, where: string, a: SchemaNode, b: SchemaNode): void {
  // Same record on both sides: the record itself is compared once, under its own name.
  if (a.kind === "ref" && b.kind === "ref" && a.target === b.target) return;
  if (a.kind === "ref" || b.kind === "ref") return diffThroughRefs(ctx, where, a, b);
  if (a.kind !== b.kind) return diffKinds(ctx, where, a, b);
  switch (a.kind) {
    case "string":
      return diffString(ctx, where, a, b as StringNode);
    case "integer":
    case "number":
      return diffNumeric(ctx, where, a, b as NumericNode);
    case "boolean":
      return compareConst(ctx.list, where, a.const, (b as typeof a).const);
    case "null":
    case "any":
      return;
    case "object":
      return diffObject(ctx, where, a, b as ObjectNode);
    case "array":
      return diffArray(ctx, where, a, b as ArrayNode);
    case "union":
      return diffUnion(ctx, where, a, b as UnionNode);
    default:
      return unreachable(a, "schema kind");
  }
}

/** Short name of a node's type for change lines: `string`, `CreateFlowRequestContent`, `oneOf`. */
function typeLabel(node: SchemaNode): string {
  return node.kind === "ref" ? node.target : node.kind === "union" ? node.mode : node.kind;
}

function diffThroughRefs(ctx: SchemaDiffContext, where: string, a: SchemaNode, b: SchemaNode): void {
  const resolvedA = a.kind === "ref" ? ctx.before.get(a.target) : a;
  const resolvedB = b.kind === "ref" ? ctx.after.get(b.target) : b;
  const pair = `${typeLabel(a)}→${typeLabel(b)}`;
  // FlowAction is not a record: a ref to it equals only another ref to it (handled above).
  if (!resolvedA || !resolvedB) return ctx.list.add("type-changed", where, `type ${typeLabel(a)} → ${typeLabel(b)}`, { before: typeLabel(a), after: typeLabel(b) });
  if (ctx.resolving.has(pair)) return;
  ctx.resolving.add(pair);
  diffSchema(ctx, where, resolvedA, resolvedB);
  ctx.resolving.delete(pair);
}

function diffKinds(ctx: SchemaDiffContext, where: string, a: SchemaNode, b: SchemaNode): void {
  const change = `type ${typeLabel(a)} → ${typeLabel(b)}`;
  const detail = { before: typeLabel(a), after: typeLabel(b) };
  if (b.kind === "any") return ctx.list.add("type-widened-to-any", where, change, detail);
  if (a.kind === "integer" && b.kind === "number") return diffNumeric(ctx, where, a, b, true);
  if (b.kind === "union") {
    const match = b.members.find((m) => memberKey(m, b.discriminator) === memberKey(a, undefined));
    if (!match) return ctx.list.add("type-changed", where, change, detail);
    ctx.list.add("union-member-added", where, `${change}: union members added`, detail);
    // The union's own text was compared already; a member has none of its own to compare with.
    return diffStructure(ctx, where, a, match);
  }
  if (a.kind === "union") {
    const match = a.members.find((m) => memberKey(m, a.discriminator) === memberKey(b, undefined));
    if (!match) return ctx.list.add("type-changed", where, change, detail);
    ctx.list.add("union-member-removed", where, `${change}: union members removed`, detail);
    return diffStructure(ctx, where, match, b);
  }
  ctx.list.add("type-changed", where, change, detail);
}

function diffString(ctx: SchemaDiffContext, where: string, a: StringNode, b: StringNode): void {
  compareBound(ctx.list, where, "minLength", a.minLength, b.minLength, "higher");
  compareBound(ctx.list, where, "maxLength", a.maxLength, b.maxLength, "lower");
  compareRestriction(ctx.list, where, "format", a.format, b.format);
  compareRestriction(ctx.list, where, "pattern", a.pattern, b.pattern);
  compareEnum(ctx.list, where, a.enum, b.enum);
  compareConst(ctx.list, where, a.const, b.const);
}

/** `toNumber` is set when integer became number (a widening reported with the bounds). */
function diffNumeric(ctx: SchemaDiffContext, where: string, a: NumericNode, b: NumericNode, toNumber = false): void {
  if (toNumber) ctx.list.add("integer-to-number", where, `type ${a.kind} → ${b.kind}`);
  compareBound(ctx.list, where, "minimum", a.minimum, b.minimum, "higher");
  compareBound(ctx.list, where, "maximum", a.maximum, b.maximum, "lower");
  compareEnum(ctx.list, where, a.enum, b.enum);
  compareConst(ctx.list, where, a.const, b.const);
}

/** The kinds a property list reports: fields of an object by default, headers or path parameters of an operation. */
export interface PropertyKinds {
  readonly addedOptional: ChangeKind;
  readonly addedRequired: ChangeKind;
  readonly removed: ChangeKind;
  readonly becameRequired: ChangeKind;
  readonly becameOptional: ChangeKind;
}

const FIELD_KINDS: PropertyKinds = {
  addedOptional: "property-added-optional",
  addedRequired: "property-added-required",
  removed: "property-removed",
  becameRequired: "property-required",
  becameOptional: "property-optional",
};

/** Compares property lists (object properties, common flow-action fields, headers, path parameters). */
export function diffProperties(
  ctx: SchemaDiffContext,
  where: string,
  a: readonly Property[],
  b: readonly Property[],
  kinds: PropertyKinds = FIELD_KINDS,
): void {
  const after = new Map(b.map((p) => [p.name, p]));
  const before = new Set(a.map((p) => p.name));
  for (const old of a) {
    const now = after.get(old.name);
    const path = `${where}.${old.name}`;
    if (!now) {
      ctx.list.add(kinds.removed, path, "removed");
      continue;
    }
    if (old.required !== now.required) {
      ctx.list.add(now.required ? kinds.becameRequired : kinds.becameOptional, path, now.required ? "becomes required" : "becomes optional");
    }
    diffSchema(ctx, path, old.schema, now.schema);
  }
  for (const added of b) {
    if (before.has(added.name)) continue;
    const path = `${where}.${added.name}`;
    ctx.list.add(added.required ? kinds.addedRequired : kinds.addedOptional, path, added.required ? "added (required)" : "added (optional)");
  }
}

function extraLabel(additional: ObjectNode["additional"]): "closed" | "open" | "map" {
  return additional === false ? "closed" : additional === true ? "open" : "map";
}

/** closed < map < open: moving right accepts more properties. */
const OPENNESS = { closed: 0, map: 1, open: 2 } as const;

function diffObject(ctx: SchemaDiffContext, where: string, a: ObjectNode, b: ObjectNode): void {
  diffProperties(ctx, where, a.properties, b.properties);
  const before = extraLabel(a.additional);
  const after = extraLabel(b.additional);
  if (typeof a.additional === "object" && typeof b.additional === "object") {
    diffSchema(ctx, `${where}.*`, a.additional, b.additional);
  } else if (before !== after) {
    const kind = OPENNESS[after] > OPENNESS[before] ? "extra-properties-opened" : "extra-properties-closed";
    ctx.list.add(kind, where, `extra properties ${before} → ${after}`, { before, after });
  }
  compareBound(ctx.list, where, "minProperties", a.minProperties, b.minProperties, "higher");
  compareBound(ctx.list, where, "maxProperties", a.maxProperties, b.maxProperties, "lower");
  diffDependentRequired(ctx, where, a.dependentRequired ?? {}, b.dependentRequired ?? {});
}

/** A pair added asks more of a request (narrowed); a pair removed asks less (widened). */
function diffDependentRequired(ctx: SchemaDiffContext, where: string, a: Readonly<Record<string, readonly string[]>>, b: Readonly<Record<string, readonly string[]>>): void {
  const pairs = (m: Readonly<Record<string, readonly string[]>>) => new Set(Object.entries(m).flatMap(([key, names]) => names.map((n) => `${key} → ${n}`)));
  const before = pairs(a);
  const after = pairs(b);
  const added = [...after].filter((p) => !before.has(p));
  const removed = [...before].filter((p) => !after.has(p));
  if (added.length > 0) ctx.list.add("bound-narrowed", where, `dependentRequired added ${added.join(", ")}`, { after: added.join(", ") });
  if (removed.length > 0) ctx.list.add("bound-widened", where, `dependentRequired removed ${removed.join(", ")}`, { before: removed.join(", ") });
}

function diffArray(ctx: SchemaDiffContext, where: string, a: ArrayNode, b: ArrayNode): void {
  diffSchema(ctx, `${where}[]`, a.items, b.items);
  compareBound(ctx.list, where, "minItems", a.minItems, b.minItems, "higher");
  compareBound(ctx.list, where, "maxItems", a.maxItems, b.maxItems, "lower");
}

/** Names a union member so the old and new members can be paired up. */
function memberKey(node: SchemaNode, discriminator: string | undefined): string {
  if (node.kind === "ref") return node.target;
  if (node.kind !== "object" || discriminator === undefined) return node.kind;
  const tag = node.properties.find((p) => p.name === discriminator)?.schema;
  const value = tag?.kind === "string" ? (tag.const ?? tag.enum?.join("|")) : undefined;
  return value === undefined ? "object" : `${discriminator}=${value}`;
}

/** Keys made unique in member order: a second plain `object` member becomes `object 2`. */
function keyedMembers(union: UnionNode): Map<string, SchemaNode> {
  const out = new Map<string, SchemaNode>();
  for (const member of union.members) {
    const key = memberKey(member, union.discriminator);
    let unique = key;
    for (let n = 2; out.has(unique); n++) unique = `${key} ${n}`;
    out.set(unique, member);
  }
  return out;
}

function diffUnion(ctx: SchemaDiffContext, where: string, a: UnionNode, b: UnionNode): void {
  // anyOf accepts a value that matches several members; oneOf rejects it.
  if (a.mode !== b.mode) ctx.list.add(b.mode === "anyOf" ? "union-mode-widened" : "union-mode-narrowed", where, `${a.mode} → ${b.mode}`);
  if (a.discriminator !== b.discriminator) {
    const kind = b.discriminator === undefined ? "discriminator-removed" : "discriminator-changed";
    ctx.list.add(kind, where, `discriminator ${a.discriminator ?? "none"} → ${b.discriminator ?? "none"}`, { before: a.discriminator, after: b.discriminator });
  }
  const before = keyedMembers(a);
  const after = keyedMembers(b);
  for (const [key, member] of before) {
    const now = after.get(key);
    if (now) diffSchema(ctx, `${where}<${key}>`, member, now);
    else ctx.list.add("union-member-removed", where, `union member removed: ${key}`, { before: key });
  }
  for (const key of after.keys()) if (!before.has(key)) ctx.list.add("union-member-added", where, `union member added: ${key}`, { after: key });
}
