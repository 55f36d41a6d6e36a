/**
 * Walks two `SpecIR`s side by side and lists every change with its semver level (rules in
 * classify.ts). Items are paired by their stable name (record name, `TYPE:ACTION`, operation id);
 * the output follows the old spec's order, with added items after the ones they join.
 */
import type { ActionType, AuthRule, ErrorRow, Format, Interface, Limit, NamedRecord, Operation, SpecIR, Variant } from "../ir/model.js";
import { byCodeUnit } from "../base/order.js";
import { ChangeList } from "./change-list.js";
import { show } from "./levels.js";
import { type SpecChange } from "./change.js";
import { compareDoc, compareRestriction, sameValue } from "./compare.js";
import { type ChangeKind } from "./classify.js";
import { diffProperties, diffSchema, type PropertyKinds, type SchemaDiffContext } from "./schema-diff.js";

/** Pairs items by key; reports removed and added ones, hands matched pairs to `onMatch`. */
function pairUp<T>(
  list: ChangeList,
  label: (key: string) => string,
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string,
  onMatch: (a: T, b: T) => void,
  kinds: { readonly removed: ChangeKind; readonly added: ChangeKind },
): void {
  const afterByKey = new Map(after.map((item) => [keyOf(item), item]));
  const beforeKeys = new Set(before.map(keyOf));
  for (const old of before) {
    const now = afterByKey.get(keyOf(old));
    if (now) onMatch(old, now);
    else list.add(kinds.removed, label(keyOf(old)), "removed");
  }
  for (const added of after) if (!beforeKeys.has(keyOf(added))) list.add(kinds.added, label(keyOf(added)), "added");
}

/** Fields whose values are literal types or checks; the rest of the item is documentation. */
function compareFields<T extends object>(list: ChangeList, kind: ChangeKind, where: string, a: T, b: T, fields: readonly (keyof T & string)[]): void {
  for (const field of fields) {
    if (!sameValue(a[field], b[field])) list.add(kind, where, `${field} ${show(a[field] ?? null)} → ${show(b[field] ?? null)}`, { before: a[field], after: b[field] });
  }
}

const HEADER_KINDS: PropertyKinds = {
  addedOptional: "header-added-optional",
  addedRequired: "header-required",
  removed: "header-removed",
  becameRequired: "header-required",
  becameOptional: "header-optional",
};

const PATH_PARAM_KINDS: PropertyKinds = {
  addedOptional: "operation-request-changed",
  addedRequired: "operation-request-changed",
  removed: "operation-request-changed",
  becameRequired: "operation-request-changed",
  becameOptional: "operation-request-changed",
};

function diffRecord(ctx: SchemaDiffContext, a: NamedRecord, b: NamedRecord): void {
  const where = `record ${a.name}`;
  compareDoc(ctx.list, where, "description", a.description, b.description);
  compareDoc(ctx.list, where, "examples", a.examples, b.examples);
  compareDoc(ctx.list, where, "lifecycle", a.lifecycle, b.lifecycle);
  diffSchema(ctx, where, a.schema, b.schema);
}

function diffVariant(ctx: SchemaDiffContext, a: Variant, b: Variant): void {
  compareDoc(ctx.list, a.key, "description", a.description, b.description);
  compareDoc(ctx.list, a.key, "lifecycle", a.lifecycle, b.lifecycle);
  compareDoc(ctx.list, a.key, "example", a.example, b.example);
  if (a.paramsRequired !== b.paramsRequired) {
    ctx.list.add(b.paramsRequired ? "property-required" : "property-optional", `${a.key} params`, b.paramsRequired ? "becomes required" : "becomes optional");
  }
  diffSchema(ctx, `${a.key} params`, a.params, b.params);
}

function diffActionType(ctx: SchemaDiffContext, a: ActionType, b: ActionType): void {
  const where = `type ${a.type}`;
  compareDoc(ctx.list, where, "title", a.title, b.title);
  compareDoc(ctx.list, where, "kind", a.kind, b.kind);
  compareDoc(ctx.list, where, "placeholder", a.placeholder, b.placeholder);
  compareDoc(ctx.list, where, "description", a.description, b.description);
  const kinds = { removed: "variant-removed", added: "variant-added" } as const;
  pairUp(ctx.list, (key) => key, a.variants, b.variants, (v) => v.key, (x, y) => diffVariant(ctx, x, y), kinds);
}

/** What a request must look like: any difference here changes which requests are right. */
function diffOperationShape(ctx: SchemaDiffContext, where: string, a: Operation, b: Operation): void {
  const fields = [
    ["method", a.method, b.method],
    ["path", a.path, b.path],
    ["server", a.server, b.server],
    ["body", a.body, b.body],
    ["query", a.query, b.query],
    ["success status", a.success.status, b.success.status],
  ] as const;
  for (const [name, before, after] of fields) {
    if (before !== after) ctx.list.add("operation-request-changed", where, `${name} ${show(before ?? null)} → ${show(after ?? null)}`, { before, after });
  }
  if (a.scope !== b.scope) ctx.list.add("operation-scope-changed", where, `scope ${show(a.scope ?? null)} → ${show(b.scope ?? null)}`, { before: a.scope, after: b.scope });
  for (const type of a.requestContentTypes) {
    if (!b.requestContentTypes.includes(type)) ctx.list.add("content-type-removed", where, `content type removed ${show(type)}`, { before: type });
  }
  for (const type of b.requestContentTypes) {
    if (!a.requestContentTypes.includes(type)) ctx.list.add("content-type-added", where, `content type added ${show(type)}`, { after: type });
  }
  diffProperties(ctx, `${where} path`, a.pathParams, b.pathParams, PATH_PARAM_KINDS);
  diffProperties(
    ctx,
    `${where} header`,
    a.headers.map((h) => ({ name: h.name, required: h.required, schema: { kind: "any", loc: a.loc } })),
    b.headers.map((h) => ({ name: h.name, required: h.required, schema: { kind: "any", loc: b.loc } })),
    HEADER_KINDS,
  );
}

function diffOperation(ctx: SchemaDiffContext, a: Operation, b: Operation): void {
  const where = `operation ${a.id}`;
  diffOperationShape(ctx, where, a, b);
  compareDoc(ctx.list, where, "interface", a.interface, b.interface);
  compareDoc(ctx.list, where, "summary", a.summary, b.summary);
  compareDoc(ctx.list, where, "description", a.description, b.description);
  compareDoc(ctx.list, where, "lifecycle", a.lifecycle, b.lifecycle);
  compareDoc(ctx.list, where, "header values", a.headers.map((h) => h.value), b.headers.map((h) => h.value));
  compareDoc(ctx.list, where, "success response", { ...a.success, status: 0 }, { ...b.success, status: 0 });
  compareDoc(ctx.list, where, "errors", a.errors, b.errors);
}

function diffFormat(list: ChangeList, a: Format, b: Format): void {
  const where = `format ${a.name}`;
  compareRestriction(list, where, "pattern", a.pattern, b.pattern);
  compareRestriction(list, where, "builtin", a.builtin, b.builtin);
  compareDoc(list, where, "description", a.description, b.description);
  compareDoc(list, where, "syntax", a.syntax, b.syntax);
  compareDoc(list, where, "provenance", a.provenance, b.provenance);
  compareDoc(list, where, "examples", a.examples, b.examples);
}

/** An error row: status, operations, message and headers are literals in ERRORS and what a service sends. */
function diffError(list: ChangeList, a: ErrorRow, b: ErrorRow): void {
  const where = `error ${a.id}`;
  compareFields(list, "error-changed", where, a, b, ["status", "operations", "message", "headers", "issue"]);
  compareDoc(list, where, "condition", a.condition, b.condition);
}

/** A limit: its bounds and places are literals in LIMITS; title and note are its documentation. */
function diffLimit(list: ChangeList, a: Limit, b: Limit): void {
  const where = `limit ${a.id}`;
  compareFields(list, "limit-changed", where, a, b, ["minLength", "maxLength", "minItems", "maxItems", "appliesTo"]);
  compareDoc(list, where, "text", { title: a.title, note: a.note }, { title: b.title, note: b.note });
}

/** An interface: what the request check reads from it, then its documentation. */
function diffInterface(list: ChangeList, a: Interface, b: Interface): void {
  const where = `interface ${a.name}`;
  compareFields(list, "interface-changed", where, a, b, ["server", "basePath", "audience", "domainAudience", "refusedGrants"]);
  compareFields(list, "interface-version-changed", where, a, b, ["title", "version", "status"]);
  // errorBody decides the error body a service sends: what the request check answers with.
  compareFields(list, "interface-changed", where, a, b, ["errorBody"]);
  compareDoc(list, where, "description", a.description, b.description);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The leaves that differ between two objects, as dotted paths (lists are compared whole). */
function changedFields(a: Record<string, unknown>, b: Record<string, unknown>, prefix: string): [string, unknown, unknown][] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(byCodeUnit);
  return keys.flatMap((key): [string, unknown, unknown][] => {
    const path = `${prefix}${key}`;
    if (isPlainObject(a[key]) && isPlainObject(b[key])) return changedFields(a[key], b[key], `${path}.`);
    return sameValue(a[key], b[key]) ? [] : [[path, a[key], b[key]]];
  });
}

/** A rule's data is what the request check enforces; its sentence and seed number are documentation. */
function diffAuthRule(list: ChangeList, a: AuthRule, b: AuthRule): void {
  const where = `auth rule ${a.id}`;
  const data = (r: AuthRule): Record<string, unknown> => ({ ...r, id: undefined, text: undefined, seed: undefined, loc: undefined });
  for (const [path, before, after] of changedFields(data(a), data(b), "")) {
    list.add("auth-rule-changed", where, `${path} ${show(before ?? null)} → ${show(after ?? null)}`, { before, after });
  }
  compareDoc(list, where, "text", { text: a.text, seed: a.seed }, { text: b.text, seed: b.seed });
}

/** The sections the generated tables, the request check and the reference are built from. */
function diffSections(list: ChangeList, a: SpecIR, b: SpecIR): void {
  const docs = { removed: "doc-removed", added: "doc-added" } as const;
  const byId = <T>(section: string, before: readonly T[], after: readonly T[], keyOf: (item: T) => string) =>
    pairUp(list, (key) => `${section} ${key}`, before, after, keyOf, (x, y) => compareDoc(list, `${section} ${keyOf(x)}`, "text", x, y), docs);
  compareDoc(list, "spec", "title", a.title, b.title);
  byId("server", a.servers, b.servers, (s) => s.name);
  pairUp(list, (key) => `interface ${key}`, a.interfaces, b.interfaces, (i) => i.name, (x, y) => diffInterface(list, x, y), {
    removed: "interface-removed",
    added: "doc-added",
  });
  pairUp(list, (key) => `lifecycle label ${key}`, a.lifecycle, b.lifecycle, (l) => l.label, (x, y) => compareDoc(list, `lifecycle label ${x.label}`, "description", x.description, y.description), {
    removed: "lifecycle-label-removed",
    added: "lifecycle-label-added",
  });
  byId("security scheme", a.securitySchemes, b.securitySchemes, (s) => s.name);
  pairUp(list, (key) => `auth rule ${key}`, a.authRules, b.authRules, (r) => r.id, (x, y) => diffAuthRule(list, x, y), {
    removed: "auth-rule-removed",
    added: "auth-rule-added",
  });
  pairUp(list, (key) => `error ${key}`, a.errors, b.errors, (e) => e.id, (x, y) => diffError(list, x, y), { removed: "error-removed", added: "error-added" });
  diffRateLimits(list, a.rateLimits, b.rateLimits);
  pairUp(list, (key) => `limit ${key}`, a.limits, b.limits, (l) => l.id, (x, y) => diffLimit(list, x, y), { removed: "limit-removed", added: "limit-added" });
  byId("disagreement", a.disagreements, b.disagreements, (d) => d.id);
}

/** The rate-limit status and header names are what parseRateLimitHeaders reads; the meanings are text. */
function diffRateLimits(list: ChangeList, a: SpecIR["rateLimits"], b: SpecIR["rateLimits"]): void {
  const shape = (r: SpecIR["rateLimits"]) => ({ status: r.status, headers: r.headers.map((h) => ({ name: h.name, type: h.type, minimum: h.minimum })) });
  if (!sameValue(shape(a), shape(b))) list.add("rate-limits-changed", "rate limits", "status or headers changed");
  compareDoc(list, "rate limits", "meanings", a.headers.map((h) => h.meaning), b.headers.map((h) => h.meaning));
}

/** Every change from `before` to `after`, in a stable order. */
export function listChanges(before: SpecIR, after: SpecIR): SpecChange[] {
  const list = new ChangeList();
  const ctx: SchemaDiffContext = {
    list,
    before: new Map(before.records.map((r) => [r.name, r.schema])),
    after: new Map(after.records.map((r) => [r.name, r.schema])),
    resolving: new Set(),
  };
  const kinds = (noun: "format" | "record" | "type" | "operation") => ({ removed: `${noun}-removed`, added: `${noun}-added` }) as const;
  pairUp(list, (key) => `format ${key}`, before.formats, after.formats, (f) => f.name, (x, y) => diffFormat(list, x, y), kinds("format"));
  pairUp(list, (key) => `record ${key}`, before.records, after.records, (r) => r.name, (x, y) => diffRecord(ctx, x, y), kinds("record"));
  diffProperties(ctx, "FlowAction", before.flowActions.common, after.flowActions.common);
  pairUp(list, (key) => `type ${key}`, before.flowActions.types, after.flowActions.types, (t) => t.type, (x, y) => diffActionType(ctx, x, y), kinds("type"));
  pairUp(list, (key) => `operation ${key}`, before.operations, after.operations, (o) => o.id, (x, y) => diffOperation(ctx, x, y), kinds("operation"));
  diffSections(list, before, after);
  return list.changes;
}

