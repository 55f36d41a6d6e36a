/**
 * Which schema nodes become named declarations, and their names. Params objects and records are
 * named by the spec (`ir/names.ts`); a nested node with a `title` is named by its title; a nested
 * object with properties but no title gets a name derived from where it sits
 * (`…Params` + property, `…Item` for array items, `…With<Property>` for a union member told apart
 * by a required property). A name is never reused for a different shape and never gets a number:
 * a clash is an error that asks for a `title` in the spec.
 */
import type { NamedRecord, ObjectNode, Property, SchemaNode, SpecIR, UnionNode, Variant } from "../../ir/model.js";
import { FLOW_ACTION } from "../../ir/names.js";

/** The list of shapes nested in the common fields, for `ShapeIndex.under`. */
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

export interface ShapeIndex {
  /** The declared name of a node, if it has one. */
  readonly nameOf: (node: SchemaNode) => string | undefined;
  /** The shapes declared under one root (params or record name): the root first, then nested ones in order. */
  readonly under: (rootName: string) => readonly Shape[];
}

/** `basic_auth` → `BasicAuth`, `clientDataJSON` → `ClientDataJSON`, `ADD_TAX_ID` → `AddTaxId`. */
export function upperCamel(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => (/^[A-Z0-9]+$/.test(word) ? word[0]! + word.slice(1).toLowerCase() : word[0]!.toUpperCase() + word.slice(1)))
    .join("");
}

function where(node: SchemaNode): string {
  return `${node.loc.file}:${node.loc.line}:${node.loc.col}`;
}

/** Structure without source positions: two titled nodes with equal structure are one type. */
function structureOf(node: SchemaNode): string {
  return JSON.stringify(node, (key, value: unknown) => (key === "loc" ? undefined : value));
}

function hasProperties(node: SchemaNode): node is ObjectNode {
  return node.kind === "object" && node.properties.length > 0;
}

/** For each object member of a union, the first required property no other member requires. */
function distinguishingProperties(union: UnionNode): Map<SchemaNode, string> {
  const objects = union.members.filter(hasProperties);
  const suffixes = new Map<SchemaNode, string>();
  for (const member of objects) {
    const others = objects.filter((o) => o !== member).flatMap((o) => o.properties.filter((p) => p.required).map((p) => p.name));
    const own = member.properties.find((p) => p.required && !others.includes(p.name));
    if (own === undefined) {
      throw new Error(`${where(member)}: this union member has no required property of its own to name it by; give it a \`title\`.`);
    }
    suffixes.set(member, own.name);
  }
  return suffixes;
}

class ShapeCollector {
  private readonly names = new Map<SchemaNode, string>();
  private readonly declared = new Map<string, SchemaNode>();
  private readonly lists = new Map<string, Shape[]>();

  constructor(private readonly reserved: ReadonlySet<string>) {}

  collect(rootName: string, node: SchemaNode, origin: ShapeOrigin): void {
    const list: Shape[] = [];
    this.lists.set(rootName, list);
    this.declare(rootName, node, origin, true, list);
  }

  /** The common fields are not a declaration of their own; only what nests in them may be. */
  collectProperties(listName: string, base: string, properties: readonly Property[]): void {
    const list: Shape[] = [];
    this.lists.set(listName, list);
    for (const p of properties) this.visit(p.schema, base + upperCamel(p.name), { kind: "common" }, list);
  }

  index(): ShapeIndex {
    return { nameOf: (node) => this.names.get(node), under: (root) => this.lists.get(root) ?? [] };
  }

  /** Names `node` and walks on; a second node with the same title and structure reuses the first. */
  private declare(name: string, node: SchemaNode, origin: ShapeOrigin, root: boolean, list: Shape[], formWith?: string): void {
    const previous = this.declared.get(name);
    if (this.reserved.has(name) || (previous !== undefined && structureOf(previous) !== structureOf(node))) {
      const other = previous === undefined ? "a name the spec already uses" : `the shape at ${where(previous)}`;
      throw new Error(`${where(node)}: the type name ${name} is also ${other}; give one of them another \`title\`.`);
    }
    this.names.set(node, name);
    if (previous !== undefined) return;
    this.declared.set(name, node);
    list.push(formWith === undefined ? { name, node, origin, root } : { name, node, origin, root, formWith });
    this.children(node, name, origin, list);
  }

  private visit(node: SchemaNode, base: string, origin: ShapeOrigin, list: Shape[], formWith?: string): void {
    const name = node.kind === "ref" ? undefined : (node.title ?? (hasProperties(node) ? base : undefined));
    if (name !== undefined) this.declare(name, node, origin, false, list, formWith);
    else this.children(node, base, origin, list);
  }

  private children(node: SchemaNode, base: string, origin: ShapeOrigin, list: Shape[]): void {
    switch (node.kind) {
      case "object":
        for (const p of node.properties) this.visit(p.schema, base + upperCamel(p.name), origin, list);
        if (typeof node.additional === "object") this.visit(node.additional, `${base}Value`, origin, list);
        return;
      case "array":
        this.visit(node.items, `${base}Item`, origin, list);
        return;
      case "union": {
        const by = distinguishingProperties(node);
        for (const m of node.members) {
          const own = by.get(m);
          if (own === undefined) this.visit(m, base, origin, list);
          else this.visit(m, `${base}With${upperCamel(own)}`, origin, list, own);
        }
        return;
      }
      case "string":
      case "integer":
      case "number":
      case "boolean":
      case "null":
      case "any":
      case "ref":
        return;
      default: {
        const never: never = node;
        throw new Error(`unhandled schema node ${JSON.stringify(never)}`);
      }
    }
  }
}

/** Names every shape of the spec; `reserved` are names declared elsewhere in the module. */
export function collectShapes(ir: SpecIR, reserved: ReadonlySet<string>): ShapeIndex {
  const collector = new ShapeCollector(reserved);
  collector.collectProperties(COMMON_SHAPES, FLOW_ACTION, ir.flowActions.common);
  for (const t of ir.flowActions.types) {
    for (const v of t.variants) collector.collect(v.paramsName, v.params, { kind: "variant", variant: v });
  }
  for (const r of ir.records) collector.collect(r.name, r.schema, { kind: "record", record: r });
  return collector.index();
}
