/**
 * The rules that decide how big a spec change is. Point of view: a client sends requests, and a
 * service checks them with the generated validator. A change is
 *
 * - major when a request the old spec accepted may now be rejected, or a client built against
 *   the old spec may now break: a variant, flow-action type, record, operation, format, property
 *   or enum/const value removed; a new required property; a property or the params of a variant
 *   becoming required; a constraint narrowed (maxLength / maximum / maxItems / maxProperties
 *   lowered or added, minLength / minimum / minItems / minProperties raised or added, a format or
 *   pattern added or changed, an enum or const added, an open object closed or its extra
 *   properties given a schema, a union member removed, oneOf instead of anyOf, a discriminator
 *   added or changed, a type changed); an operation's method, path, scope, success status, body
 *   or query record changed, or a request content type removed or a required header added.
 * - minor when everything the old spec accepted is still accepted and something new is: a
 *   variant, type, record, operation, format or optional property added; an enum value or union
 *   member added; a constraint widened (the reverse of the list above); a required property or
 *   params becoming optional; a type widened to any JSON value or integer to number.
 * - patch when only documentation changed: descriptions, titles, summaries, examples, format
 *   syntax prose and provenance, lifecycle labels, disagreements, and the sections the validator
 *   does not enforce (servers, interfaces, authentication rules and schemes, errors, rate limits,
 *   limits), each reported as one `changed`/`added`/`removed` line.
 *
 * Response records (CreateFlowResponseContent) follow the same rules: the spec describes one
 * validator for all records, and a narrowed response is still a change a reader must notice.
 */
import { show, type ChangeList } from "./change.js";

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
  if (before === undefined) return list.add("major", where, `${name} added ${after}`);
  if (after === undefined) return list.add("minor", where, `${name} removed (was ${before})`);
  const narrowed = tighter === "lower" ? after < before : after > before;
  list.add(narrowed ? "major" : "minor", where, `${name} ${before} → ${after}`);
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
  if (before === undefined) return list.add("major", where, `${name} added ${show(after)}`);
  if (after === undefined) return list.add("minor", where, `${name} removed (was ${show(before)})`);
  list.add("major", where, `${name} ${show(before)} → ${show(after)}`);
}

/** Enum lists: each removed value is major, each added one minor; a new enum narrows everything. */
export function compareEnum<T extends string | number>(
  list: ChangeList,
  where: string,
  before: readonly T[] | undefined,
  after: readonly T[] | undefined,
): void {
  if (before === undefined && after === undefined) return;
  if (before === undefined) return list.add("major", where, `enum added ${show(after)}`);
  if (after === undefined) return list.add("minor", where, `enum removed (was ${show(before)})`);
  for (const value of before) if (!after.includes(value)) list.add("major", where, `enum: removed ${show(value)}`);
  for (const value of after) if (!before.includes(value)) list.add("minor", where, `enum: added ${show(value)}`);
}

/** A const is the narrowest restriction there is: added or changed is major, removed minor. */
export function compareConst(
  list: ChangeList,
  where: string,
  before: string | number | boolean | undefined,
  after: string | number | boolean | undefined,
): void {
  if (before === after) return;
  if (before === undefined) return list.add("major", where, `const added ${show(after)}`);
  if (after === undefined) return list.add("minor", where, `const removed (was ${show(before)})`);
  list.add("major", where, `const ${show(before)} → ${show(after)}`);
}

/** Documentation text: any change is a patch. */
export function compareDoc(list: ChangeList, where: string, name: string, before: unknown, after: unknown): void {
  if (!sameValue(before, after)) list.add("patch", where, `${name} changed`);
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
