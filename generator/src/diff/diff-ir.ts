/**
 * Walks two `SpecIR`s side by side and lists every change with its semver level (rules in
 * classify.ts). Items are paired by their stable name (record name, `TYPE:ACTION`, operation id);
 * the output follows the old spec's order, with added items after the ones they join.
 */
import type { ActionType, Format, NamedRecord, Operation, SpecIR, Variant } from "../ir/model.js";
import { ChangeList, show, type ChangeLevel, type SpecChange } from "./change.js";
import { compareDoc, compareRestriction } from "./classify.js";
import { diffProperties, diffSchema, type SchemaDiffContext } from "./schema-diff.js";

/** Pairs items by key; reports removed and added ones, hands matched pairs to `onMatch`. */
function pairUp<T>(
  list: ChangeList,
  label: (key: string) => string,
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string,
  onMatch: (a: T, b: T) => void,
  levels: { readonly removed: ChangeLevel; readonly added: ChangeLevel } = { removed: "major", added: "minor" },
): void {
  const afterByKey = new Map(after.map((item) => [keyOf(item), item]));
  const beforeKeys = new Set(before.map(keyOf));
  for (const old of before) {
    const now = afterByKey.get(keyOf(old));
    if (now) onMatch(old, now);
    else list.add(levels.removed, label(keyOf(old)), "removed");
  }
  for (const added of after) if (!beforeKeys.has(keyOf(added))) list.add(levels.added, label(keyOf(added)), "added");
}

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
    ctx.list.add(b.paramsRequired ? "major" : "minor", `${a.key} params`, b.paramsRequired ? "becomes required" : "becomes optional");
  }
  diffSchema(ctx, `${a.key} params`, a.params, b.params);
}

function diffActionType(ctx: SchemaDiffContext, a: ActionType, b: ActionType): void {
  const where = `type ${a.type}`;
  compareDoc(ctx.list, where, "title", a.title, b.title);
  compareDoc(ctx.list, where, "kind", a.kind, b.kind);
  compareDoc(ctx.list, where, "placeholder", a.placeholder, b.placeholder);
  compareDoc(ctx.list, where, "description", a.description, b.description);
  pairUp(ctx.list, (key) => key, a.variants, b.variants, (v) => v.key, (x, y) => diffVariant(ctx, x, y));
}

/** What a request must look like: any difference here changes which requests are right. */
function diffOperationShape(ctx: SchemaDiffContext, where: string, a: Operation, b: Operation): void {
  const fields = [
    ["method", a.method, b.method],
    ["path", a.path, b.path],
    ["server", a.server, b.server],
    ["scope", a.scope, b.scope],
    ["body", a.body, b.body],
    ["query", a.query, b.query],
    ["success status", a.success.status, b.success.status],
  ] as const;
  for (const [name, before, after] of fields) {
    if (before !== after) ctx.list.add("major", where, `${name} ${show(before ?? null)} → ${show(after ?? null)}`);
  }
  for (const type of a.requestContentTypes) if (!b.requestContentTypes.includes(type)) ctx.list.add("major", where, `content type removed ${show(type)}`);
  for (const type of b.requestContentTypes) if (!a.requestContentTypes.includes(type)) ctx.list.add("minor", where, `content type added ${show(type)}`);
  diffProperties(ctx, `${where} path`, a.pathParams, b.pathParams);
  diffProperties(
    ctx,
    `${where} header`,
    a.headers.map((h) => ({ name: h.name, required: h.required, schema: { kind: "any", loc: a.loc } })),
    b.headers.map((h) => ({ name: h.name, required: h.required, schema: { kind: "any", loc: b.loc } })),
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

/** Sections the validator does not enforce: one patch line per item changed, added or removed. */
function diffDocumentation(list: ChangeList, a: SpecIR, b: SpecIR): void {
  const patch = { removed: "patch", added: "patch" } as const;
  const byId = <T>(section: string, before: readonly T[], after: readonly T[], keyOf: (item: T) => string) =>
    pairUp(list, (key) => `${section} ${key}`, before, after, keyOf, (x, y) => compareDoc(list, `${section} ${keyOf(x)}`, "text", x, y), patch);
  compareDoc(list, "spec", "title", a.title, b.title);
  byId("server", a.servers, b.servers, (s) => s.name);
  byId("interface", a.interfaces, b.interfaces, (i) => i.name);
  byId("lifecycle label", a.lifecycle, b.lifecycle, (l) => l.label);
  byId("security scheme", a.securitySchemes, b.securitySchemes, (s) => s.name);
  byId("auth rule", a.authRules, b.authRules, (r) => r.id);
  byId("error", a.errors, b.errors, (e) => e.id);
  compareDoc(list, "rate limits", "text", a.rateLimits, b.rateLimits);
  byId("limit", a.limits, b.limits, (l) => l.id);
  byId("disagreement", a.disagreements, b.disagreements, (d) => d.id);
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
  pairUp(list, (key) => `format ${key}`, before.formats, after.formats, (f) => f.name, (x, y) => diffFormat(list, x, y));
  pairUp(list, (key) => `record ${key}`, before.records, after.records, (r) => r.name, (x, y) => diffRecord(ctx, x, y));
  diffProperties(ctx, "FlowAction", before.flowActions.common, after.flowActions.common);
  pairUp(list, (key) => `type ${key}`, before.flowActions.types, after.flowActions.types, (t) => t.type, (x, y) => diffActionType(ctx, x, y));
  pairUp(list, (key) => `operation ${key}`, before.operations, after.operations, (o) => o.id, (x, y) => diffOperation(ctx, x, y));
  diffDocumentation(list, before, after);
  return list.changes;
}

