/**
 * The comparisons that many places of the diff share (bounds, formats and patterns, enums, consts,
 * documentation): each adds the change its kind names, and `RULES` (classify.ts) gives the levels.
 */
import type { ChangeList } from "./change-list.js";
import { show } from "./levels.js";

/** `lower`: a smaller value accepts less (maxLength); `higher`: a bigger value does (minLength). */
export type Tighter = "lower" | "higher";

/** A numeric bound: narrowed (major) or widened (minor); an added bound narrows, a dropped one widens. */
export function compareBound(
  list: ChangeList,
  where: string,
  name: string,
  before: number | undefined,
  after: number | undefined,
  tighter: Tighter,
): void {
  if (before === after) return;
  if (before === undefined) return list.add("bound-narrowed", where, `${name} added ${after}`, { after });
  if (after === undefined) return list.add("bound-widened", where, `${name} removed (was ${before})`, { before });
  const narrowed = tighter === "lower" ? after < before : after > before;
  list.add(narrowed ? "bound-narrowed" : "bound-widened", where, `${name} ${before} → ${after}`, { before, after });
}

/** A format or pattern: added or changed narrows what is accepted, removed widens it. */
export function compareRestriction(
  list: ChangeList,
  where: string,
  name: string,
  before: string | undefined,
  after: string | undefined,
): void {
  if (before === after) return;
  if (before === undefined) return list.add("restriction-added", where, `${name} added ${show(after)}`, { after });
  if (after === undefined) return list.add("restriction-removed", where, `${name} removed (was ${show(before)})`, { before });
  list.add("restriction-changed", where, `${name} ${show(before)} → ${show(after)}`, { before, after });
}

/** Enum lists: each removed value and each added one is its own change; a new enum narrows everything. */
export function compareEnum<T extends string | number>(
  list: ChangeList,
  where: string,
  before: readonly T[] | undefined,
  after: readonly T[] | undefined,
): void {
  if (before === undefined && after === undefined) return;
  if (before === undefined) return list.add("enum-added", where, `enum added ${show(after)}`, { after });
  if (after === undefined) return list.add("enum-removed", where, `enum removed (was ${show(before)})`, { before });
  for (const v of before) if (!after.includes(v)) list.add("enum-value-removed", where, `enum: removed ${show(v)}`, { before: v });
  for (const v of after) if (!before.includes(v)) list.add("enum-value-added", where, `enum: added ${show(v)}`, { after: v });
}

/** A const is the narrowest restriction there is: added or changed rejects values, removed accepts more. */
export function compareConst(
  list: ChangeList,
  where: string,
  before: string | number | boolean | undefined,
  after: string | number | boolean | undefined,
): void {
  if (before === after) return;
  if (before === undefined) return list.add("const-added", where, `const added ${show(after)}`, { after });
  if (after === undefined) return list.add("const-removed", where, `const removed (was ${show(before)})`, { before });
  list.add("const-changed", where, `const ${show(before)} → ${show(after)}`, { before, after });
}

/** Documentation text: any change is a patch. */
export function compareDoc(list: ChangeList, where: string, name: string, before: unknown, after: unknown): void {
  if (!sameValue(before, after)) list.add("doc-changed", where, `${name} changed`);
}

/** Deep equality of IR values, ignoring `loc` (a moved line is not a change). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysOf = (o: object) => Object.keys(o).filter((k) => k !== "loc" && (o as Record<string, unknown>)[k] !== undefined);
  const keysA = keysOf(a);
  const keysB = keysOf(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((k) => Object.hasOwn(recordB, k) && sameValue(recordA[k], recordB[k]));
}
