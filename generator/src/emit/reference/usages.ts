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
 * Every place in the spec, in a stable order (records, common fields, variants), indexed by the
 * record it refers to and by the format it names: each record and format looks up its own places
 * instead of filtering them all. Walked once per IR.
 */
interface PlaceIndex {
  readonly byRecord: ReadonlyMap<string, readonly Place[]>;
  readonly byFormat: ReadonlyMap<string, readonly Place[]>;
}

const placesOf = new WeakMap<SpecIR, PlaceIndex>();

function everyPlace(ir: SpecIR): Place[] {
  const found: Place[] = [];
  for (const r of ir.records) {
    const at = { page: PAGES.records, fragment: recordAnchor(r.name) };
    visit(r.schema, "", (node, path) => found.push({ ...at, path, label: path === "" ? r.name : `${r.name}.${path}`, node }));
  }
  const common = { page: PAGES.flowActions, fragment: COMMON_FIELDS_ANCHOR };
  for (const p of ir.flowActions.common) visit(p.schema, p.name, (node, path) => found.push({ ...common, path, label: `${FLOW_ACTION}.${path}`, node }));
  for (const v of ir.flowActions.types.flatMap((t) => t.variants)) {
    const at = { page: typePage(v.type), fragment: v.anchor, variant: { type: v.type, action: v.action } };
    visit(v.params, "params", (node, path) => found.push({ ...at, path, label: `${v.key} ${path}`, node }));
  }
  return found;
}

function placeIndex(ir: SpecIR): PlaceIndex {
  const cached = placesOf.get(ir);
  if (cached) return cached;
  const places = everyPlace(ir);
  const index = {
    byRecord: groupedBy(places, (p) => (p.node.kind === "ref" ? p.node.target : undefined)),
    byFormat: groupedBy(places, (p) => (p.node.kind === "string" ? p.node.format : undefined)),
  };
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

/** The items by `key` (those without one left out), keys in the order they first occur, each group in the items' order. */
function groupedBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
