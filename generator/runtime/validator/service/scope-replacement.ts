/**
 * planScopeReplacement: PATCH /resource-servers/{api_id} replaces the API's permission list with the
 * one sent, so a permission left out is deleted; users delete permissions by omission without
 * meaning to. Given the current list and the new one, this says what is kept, added and removed.
 *
 * A permission is identified by its `value`. The vendor's definition does not make values unique,
 * so a new list that repeats a value is accepted and still defines one permission: the plan counts
 * it once (with its first description) and lists the repeat in `duplicates`, marked `conflicting`
 * when the descriptions differ, since which one the service keeps is not defined.
 */
import type { ValidationIssue } from "../public-types.js";
import type { ScopeEntry, ScopeReplacementPlan, ScopeReplacementResult } from "./public-types.js";
import { hasOwn } from "../own.js";


interface Entry {
  readonly value: string;
  readonly description: string | null;
}

function issue(path: string, message: string): ValidationIssue {
  return { code: "invalid_type", path, message };
}

/** A list of `{ value, description? }` → entries, or the issue at the first one that is not. */
function entries(list: unknown, name: string): Entry[] | ValidationIssue {
  if (!Array.isArray(list)) return issue(`/${name}`, "must be a list of permissions");
  const out: Entry[] = [];
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    const value = typeof item === "object" && item !== null && hasOwn.call(item, "value") ? (item as Record<string, unknown>).value : undefined;
    const description = typeof item === "object" && item !== null && hasOwn.call(item, "description") ? (item as Record<string, unknown>).description : undefined;
    if (typeof value !== "string") return issue(`/${name}/${i}/value`, "a permission must have a string value");
    if (description !== undefined && typeof description !== "string") return issue(`/${name}/${i}/description`, "a description must be a string");
    out.push({ value, description: description ?? null });
  }
  return out;
}

function entry(e: Entry): ScopeEntry {
  return e.description === null ? { value: e.value } : { value: e.value, description: e.description };
}

/** value → its first entry, and value → every index it appears at. */
function byValue(list: readonly Entry[]): { first: Map<string, Entry>; indexes: Map<string, number[]> } {
  const first = new Map<string, Entry>();
  const indexes = new Map<string, number[]>();
  list.forEach((e, i) => {
    if (!first.has(e.value)) first.set(e.value, e);
    const at = indexes.get(e.value);
    if (at === undefined) indexes.set(e.value, [i]);
    else at.push(i);
  });
  return { first, indexes };
}

function plan(current: readonly Entry[], next: readonly Entry[]): ScopeReplacementPlan {
  const before = byValue(current).first;
  const after = byValue(next);
  const kept: ScopeEntry[] = [];
  const added: ScopeEntry[] = [];
  const redescribed: { value: string; from: string | null; to: string | null }[] = [];
  for (const e of after.first.values()) {
    const old = before.get(e.value);
    if (old === undefined) {
      added.push(entry(e));
      continue;
    }
    kept.push(entry(e));
    if (old.description !== e.description) redescribed.push({ value: e.value, from: old.description, to: e.description });
  }
  const removed = [...before.values()].filter((e) => !after.first.has(e.value)).map(entry);
  const duplicates = [...after.indexes.entries()]
    .filter(([, at]) => at.length > 1)
    .map(([value, at]) => ({ value, indexes: at, conflicting: new Set(at.map((i) => next[i]!.description)).size > 1 }));
  return { ok: true, kept, added, removed, redescribed, duplicates };
}

export function planScopeReplacement(current: unknown, next: unknown): ScopeReplacementResult {
  try {
    const a = entries(current, "current");
    if (!Array.isArray(a)) return { ok: false, issues: [a] };
    const b = entries(next, "next");
    if (!Array.isArray(b)) return { ok: false, issues: [b] };
    return plan(a, b);
  } catch {
    return { ok: false, issues: [{ code: "unreadable", path: "", message: "the lists could not be read" }] };
  }
}
