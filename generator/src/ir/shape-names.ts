/**
 * Which schema nodes become named declarations, and their names (made by `names.ts`). Params
 * objects and records are named by the spec; a nested node with a `title` is named by its title;
 * a nested object with properties but no title gets a name derived from where it sits (`…TaxId`
 * for a property, `…Item`, `…Value`, `…With<Property>` for a union member told apart by a required
 * property of its own). Every name is recorded as a claim; the check stage's type-name rule
 * reports a name claimed twice for different shapes, so a name never gets a number.
 */
import type { NameClaim, TypeNames } from "../check/rules/type-names.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import type { NamedRecord, ObjectNode, Property, SchemaNode, SpecIR, UnionNode, Variant } from "./model.js";
import { HELPER_TYPE_NAMES, itemShapeName, memberShapeName, propertyShapeName, valueShapeName } from "./names.js";
import { forEachChild } from "./schema-children.js";

/** The list of shapes nested in the common fields, for `ShapeNames.under`. */
export const COMMON_SHAPES = "(common fields)";

/** What a shape belongs to: its reference section and lifecycle label come from there. */
export type ShapeOrigin =
  | { readonly kind: "variant"; readonly variant: Variant }
  | { readonly kind: "record"; readonly record: NamedRecord }
  | { readonly kind: "common" };

export interface Shape {
  readonly name: string;
  readonly node: SchemaNode;
  readonly origin: ShapeOrigin;
  /** The params object of a variant or a record itself, rather than something nested in one. */
  readonly root: boolean;
  /** For a member of a union named after a required property of its own: that property. */
  readonly formWith?: string;
}

export interface ShapeNames {
  /** The declared name of a node, if it has one. */
  readonly nameOf: (node: SchemaNode) => string | undefined;
  /** The shapes declared under one root (params or record name): the root first, then nested ones in order. */
  readonly under: (rootName: string) => readonly Shape[];
  /** The names the types module declares on its own and every name the spec takes, for the type-name rule. */
  readonly typeNames: TypeNames;
}

/** Structure without source positions: two titled nodes with equal structure are one type. */
function structureOf(node: SchemaNode): string {
  return JSON.stringify(node, (key, value: unknown) => (key === "loc" ? undefined : value));
}

/** `structureOf(node)`, made on the first call: the type-name rule reads it only for a name claimed twice. */
function structureOnce(node: SchemaNode): () => string {
  let structure: string | undefined;
  return () => (structure ??= structureOf(node));
}

function hasProperties(node: SchemaNode): node is ObjectNode {
  return node.kind === "object" && node.properties.length > 0;
}

/** For an object member of a union, the first required property no other member requires. */
function ownRequiredProperty(union: UnionNode, member: ObjectNode): string | undefined {
  const others = union.members.filter(hasProperties).filter((m) => m !== member);
  const taken = new Set(others.flatMap((o) => o.properties.filter((p) => p.required).map((p) => p.name)));
  return member.properties.find((p) => p.required && !taken.has(p.name))?.name;
}

function originText(origin: ShapeOrigin): string {
  if (origin.kind === "variant") return `the params of ${origin.variant.key}`;
  if (origin.kind === "record") return `record ${origin.record.name}`;
  return "the common action fields";
}

class ShapeNamer {
  private readonly claims: NameClaim[] = [];
  private readonly builtIn = new Map<string, string>();
  private readonly names = new Map<SchemaNode, string>();
  private readonly declared = new Map<string, SchemaNode>();
  private readonly lists = new Map<string, Shape[]>();

  reserve(name: string, what: string): void {
    this.builtIn.set(name, what);
  }

  claim(claim: NameClaim): void {
    this.claims.push(claim);
  }

  root(rootName: string, node: SchemaNode, origin: ShapeOrigin): void {
    const list: Shape[] = [];
    this.lists.set(rootName, list);
    this.claim({ name: rootName, loc: node.loc, owner: origin.kind === "variant" ? originText(origin) : `record ${rootName}` });
    this.declare(rootName, node, origin, true, list);
  }

  /** The common fields are not a declaration of their own; only what nests in them may be. */
  commonFields(properties: readonly Property[]): void {
    const list: Shape[] = [];
    this.lists.set(COMMON_SHAPES, list);
    for (const p of properties) this.visit(p.schema, propertyShapeName(FLOW_ACTION, p.name), { kind: "common" }, list);
  }

  result(): ShapeNames {
    return {
      nameOf: (node) => this.names.get(node),
      under: (root) => this.lists.get(root) ?? [],
      typeNames: { builtIn: this.builtIn, claims: this.claims },
    };
  }

  /** Names `node` and walks on; a second node with the same name reuses the first declaration. */
  private declare(name: string, node: SchemaNode, origin: ShapeOrigin, root: boolean, list: Shape[], formWith?: string): void {
    this.names.set(node, name);
    if (this.declared.has(name)) return;
    this.declared.set(name, node);
    list.push(formWith === undefined ? { name, node, origin, root } : { name, node, origin, root, formWith });
    this.children(node, name, origin, list);
  }

  private nested(name: string, node: SchemaNode, origin: ShapeOrigin, list: Shape[], formWith?: string): void {
    this.claim({ name, loc: node.loc, owner: `a shape in ${originText(origin)}`, structure: structureOnce(node) });
    this.declare(name, node, origin, false, list, formWith);
  }

  private visit(node: SchemaNode, base: string, origin: ShapeOrigin, list: Shape[], formWith?: string): void {
    const name = node.kind === "ref" ? undefined : (node.title ?? (hasProperties(node) ? base : undefined));
    if (name !== undefined) this.nested(name, node, origin, list, formWith);
    else this.children(node, base, origin, list);
  }

  private children(node: SchemaNode, base: string, origin: ShapeOrigin, list: Shape[]): void {
    if (node.kind === "union") return this.members(node, base, origin, list);
    forEachChild(node, (child, edge) => {
      if (edge.kind === "property") this.visit(child, propertyShapeName(base, edge.name), origin, list);
      else if (edge.kind === "additional") this.visit(child, valueShapeName(base), origin, list);
      else this.visit(child, itemShapeName(base), origin, list); // items: unions went to members()
    });
  }

  /** An object member is named after a required property only it has; without one it needs a title. */
  private members(union: UnionNode, base: string, origin: ShapeOrigin, list: Shape[]): void {
    for (const member of union.members) {
      const own = hasProperties(member) ? ownRequiredProperty(union, member) : undefined;
      if (own !== undefined) this.visit(member, memberShapeName(base, own), origin, list, own);
      else if (hasProperties(member) && member.title === undefined) this.claim({ name: undefined, loc: member.loc, owner: `a shape in ${originText(origin)}` });
      else this.visit(member, base, origin, list);
    }
  }
}

/**
 * The names of each IR this process holds: an IR is frozen, so its names never change, and both the
 * type-name rule (`loadIr`) and the types emitter read them.
 */
const namesOf = new WeakMap<SpecIR, ShapeNames>();

/** Names every shape of the spec, after the names the types module declares on its own and the variants'. */
export function shapeNames(ir: SpecIR): ShapeNames {
  let names = namesOf.get(ir);
  if (names === undefined) namesOf.set(ir, (names = nameShapes(ir)));
  return names;
}

function nameShapes(ir: SpecIR): ShapeNames {
  const namer = new ShapeNamer();
  namer.reserve(FLOW_ACTION, "the union of all flow actions");
  for (const helper of HELPER_TYPE_NAMES) namer.reserve(helper, "a helper type of @flowspec/types");
  for (const t of ir.flowActions.types) {
    namer.claim({ name: t.name, loc: t.loc, owner: `the union of ${t.type} actions` });
    for (const v of t.variants) namer.claim({ name: v.name, loc: v.loc, owner: `the ${v.key} variant` });
  }
  namer.commonFields(ir.flowActions.common);
  for (const t of ir.flowActions.types) {
    for (const v of t.variants) namer.root(v.paramsName, v.params, { kind: "variant", variant: v });
  }
  for (const r of ir.records) namer.root(r.name, r.schema, { kind: "record", record: r });
  return namer.result();
}
