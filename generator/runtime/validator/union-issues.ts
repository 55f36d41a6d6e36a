/**
 * One issue for a failed union instead of one per alternative. The alternatives whose type does not
 * even fit the value are set aside; if one alternative is left, its issues are the answer (the value
 * was clearly meant for it); if none, the value has the wrong type; if several fail the same way at
 * the same place, one merged issue says so; otherwise `no_match` lists what each alternative wanted.
 */
import type { RawError } from "./context.js";
import type { IssueDraft } from "./messages.js";
import { messageFor } from "./messages.js";

type MapAll = (errors: readonly RawError[]) => IssueDraft[];

/** Whether the branch failed on the value's type (its paths are relative to the union's value). */
function isTypeMismatch(branch: readonly RawError[]): boolean {
  const first = branch[0];
  return first !== undefined && first.keyword === "type" && first.instancePath === "";
}

function mergeSameFailure(e: RawError, firsts: readonly IssueDraft[]): IssueDraft | null {
  const [head] = firsts;
  if (head === undefined || !firsts.every((d) => d.path === e.instancePath && d.code === head.code && d.keyword === head.keyword)) return null;
  if (head.code === "invalid_format") {
    return { code: head.code, path: head.path, keyword: "format", params: { format: firsts.map((d) => String(d.params?.format)).join(",") } };
  }
  if (firsts.every((d) => JSON.stringify(d.params) === JSON.stringify(head.params))) return head;
  return null;
}

export function unionIssues(e: RawError, mapAll: MapAll): IssueDraft[] {
  const at = e.instancePath;
  const passing = e.params.passing;
  if (Array.isArray(passing)) return [{ code: "ambiguous", path: at, keyword: e.keyword, params: { passing } }];
  const branches = (e.params.branches as readonly (readonly RawError[])[] | null) ?? [];
  const types: string[] = [];
  const fitting: IssueDraft[][] = [];
  for (const branch of branches) {
    if (isTypeMismatch(branch)) types.push(String(branch[0]!.params.type));
    // Copies at the union's path: a kept verdict's copies share their branches (nested-action.ts).
    else if (branch.length > 0) fitting.push(mapAll(branch.map((inner) => ({ ...inner, instancePath: at + inner.instancePath }))));
  }
  // Each type once: two string forms (an e-mail or a template) want "a string", not "a string or a string".
  if (fitting.length === 0) return [{ code: "invalid_type", path: at, keyword: "type", params: { type: [...new Set(types)].join(",") } }];
  if (fitting.length === 1) return fitting[0]!;
  const firsts = fitting.map((drafts) => drafts[0]).filter((d): d is IssueDraft => d !== undefined);
  const merged = mergeSameFailure(e, firsts);
  if (merged !== null) return [merged];
  const alternatives = firsts.map((d) => ({ code: d.code, path: d.path, message: messageFor(d) }));
  return [{ code: "no_match", path: at, keyword: e.keyword, params: { alternatives } }];
}
