/**
 * Who uses what: every place a schema refers to a record or names a format, found by walking the
 * records, the common action fields and every variant's params. Pages list these as "Used by".
 */
import { forEachChild, type ChildEdge } from "../../ir/schema-children.js";
import type { SchemaNode, SpecIR, Variant } from "../../ir/model.js";
import { FLOW_ACTION } from "../../spec-language/schema-node.js";
import { COMMON_FIELDS_ANCHOR, PAGES, typePage } from "../../ir/reference-pages.js";
import { href, recordAnchor } from "./links.js";
import { code, link } from "../markdown.js";
import { unreachable } from "../../base/internal-error.js";

export interface Usage {
  /** `CreateFlowRequestContent.actions`, `STRIPE:ADD_TAX_ID params.connection_id` */
  readonly label: string;
  /** The path inside its owner: `actions[]`, `params.connection_id`. */
  readonly path: string;
  /** Set when the place is in a variant's params. */
  readonly variant?: Pick<Variant, "type" | "action">;
  /** Where that place is described, relative to the page `from`. */
  readonly href: string;
}

function visit(node: SchemaNode, path: string, fn: (node: SchemaNode, path: string) => void): void {
  fn(node, path);
  forEachChild(node, (child, edge) => visit(child, childPath(path, edge), fn));
}

function childPath(path: string, edge: ChildEdge): string {
  switch (edge.kind) {
    case "property":
      return path === "" ? edge.name : `${path}.${edge.name}`;
    case "additional":
      return `${path}.*`;
    case "items":
      return `${path}[]`;
    case "member":
      return path;
    default:
      return unreachable(edge, "edge");
  }
}

type Place = Omit<Usage, "href"> & {
  /** The page and anchor that describe the place. */
  readonly page: string;
  readonly fragment: string;
  readonly node: SchemaNode;
};

/**
 * The places that refer to a record or name a format, in a stable order (records, common fields,
 * variants), indexed by that record and that format: each record and format looks up its own
 * places instead of filtering them all. Walked once per IR; only those places are made.
 */
interface PlaceIndex {
  readonly byRecord: ReadonlyMap<string, readonly Place[]>;
  readonly byFormat: ReadonlyMap<string, readonly Place[]>;
}

const placesOf = new WeakMap<SpecIR, PlaceIndex>();

/** Where the places under one schema (a record's, a common field's, a variant's params) are described, and their labels. */
interface Owner {
  readonly at: Pick<Place, "page" | "fragment" | "variant">;
  readonly label: (path: string) => string;
}

function placeIndex(ir: SpecIR): PlaceIndex {
  const cached = placesOf.get(ir);
  if (cached) return cached;
  const byRecord = new Map<string, Place[]>();
  const byFormat = new Map<string, Place[]>();
  const walk = (schema: SchemaNode, root: string, { at, label }: Owner) =>
    visit(schema, root, (node, path) => {
      if (node.kind === "ref") addTo(byRecord, node.target, { ...at, path, label: label(path), node });
      else if (node.kind === "string" && node.format !== undefined) addTo(byFormat, node.format, { ...at, path, label: label(path), node });
    });
  for (const r of ir.records) {
    walk(r.schema, "", { at: { page: PAGES.records, fragment: recordAnchor(r.name) }, label: (path) => (path === "" ? r.name : `${r.name}.${path}`) });
  }
  const common = { page: PAGES.flowActions, fragment: COMMON_FIELDS_ANCHOR };
  for (const p of ir.flowActions.common) walk(p.schema, p.name, { at: common, label: (path) => `${FLOW_ACTION}.${path}` });
  for (const v of ir.flowActions.types.flatMap((t) => t.variants)) {
    const at = { page: typePage(v.type), fragment: v.anchor, variant: { type: v.type, action: v.action } };
    walk(v.params, "params", { at, label: (path) => `${v.key} ${path}` });
  }
  const index = { byRecord, byFormat };
  placesOf.set(ir, index);
  return index;
}

/** The usages of `places`, each label once (the first place that has it), linked from page `from`. */
function usagesAt(places: readonly Place[] | undefined, from: string): Usage[] {
  const seen = new Set<string>();
  return (places ?? [])
    .filter((p) => !seen.has(p.label) && seen.add(p.label) !== undefined)
    .map(({ page, fragment, node: _node, ...usage }) => ({ ...usage, href: href(from, page, fragment) }));
}

/** The places that refer to record `name` (FlowAction included). */
export function recordUsages(ir: SpecIR, name: string, from: string): Usage[] {
  return usagesAt(placeIndex(ir).byRecord.get(name), from);
}

/** The places whose value must follow format `name`. */
export function formatUsages(ir: SpecIR, name: string, from: string): Usage[] {
  return usagesAt(placeIndex(ir).byFormat.get(name), from);
}

/** Up to this many places are listed on one line; more are grouped by path and action type. */
const INLINE_USAGES = 6;

/**
 * "Used by: …" as one bullet item: a plain list when short, else nested bullets grouped by the
 * path inside the action and by action type, so forty uses of `params.connection_id` stay short.
 */
export function usedBy(usages: readonly Usage[]): string | undefined {
  if (usages.length === 0) return undefined;
  if (usages.length <= INLINE_USAGES) return `Used by: ${usages.map((u) => link(code(u.label), u.href)).join(", ")}`;
  const lines = usages.filter((u) => !u.variant).map((u) => `  - ${link(code(u.label), u.href)}`);
  for (const [path, atPath] of groupedBy(usages.filter((u) => u.variant), (u) => u.path)) {
    const byType = [...groupedBy(atPath, (u) => u.variant!.type)].map(([t, ofType]) => `    - ${t}: ${ofType.map((u) => link(u.variant!.action, u.href)).join(", ")}`);
    lines.push(`  - ${code(path)} of ${atPath.length} actions:`, ...byType);
  }
  return `Used by:\n${lines.join("\n")}`;
}

/** Adds `item` to the group of `key`, made when it is the first. */
function addTo<T>(groups: Map<string, T[]>, key: string, item: T): void {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
}

/** The items by `key`, keys in the order they first occur, each group in the items' order. */
function groupedBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) addTo(groups, key(item), item);
  return groups;
}
