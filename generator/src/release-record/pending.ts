/**
 * The release state of a project: its record, the spec of its last release, and the release the
 * working spec would make (`pending`) when its `specVersion` differs from the last release's.
 */
import { relative, resolve } from "node:path";
import { diagnostic, type Diagnostic } from "../base/diagnostics.js";
import type { SpecChange } from "../diff/change.js";
import { RULES } from "../diff/classify.js";
import { diffSpecs, type SpecDiff } from "../diff/diff-specs.js";
import type { SpecIR } from "../ir/model.js";
import { loadIr } from "../ir/load-ir.js";
import { toPosix } from "../load/spec-folder.js";
import { readRecord, type RecordedChange, type Release, type ReleasePaths, type ReleaseRecord } from "./record.js";

/** Changes as the record keeps them: their text and levels, and the changelog section of their kind. */
export function recordedChanges(changes: readonly SpecChange[]): RecordedChange[] {
  return changes.map((c) => ({
    kind: c.kind,
    level: c.level,
    impact: c.impact,
    section: RULES[c.kind].section,
    where: c.where,
    what: c.what,
    ...(c.migration !== undefined && { migration: c.migration }),
  }));
}

export interface LastRelease {
  readonly record: ReleaseRecord;
  readonly latest: Release;
  /** The IR of `release/spec/`. */
  readonly ir: SpecIR;
}

export type LastReleaseResult = { readonly absent: true } | { readonly diagnostics: readonly Diagnostic[] } | { readonly last: LastRelease };

/** The record and the last release's spec, checked; problems as diagnostics at their files. */
export function loadLastRelease(paths: ReleasePaths, displayRoot?: string): LastReleaseResult {
  const read = readRecord(paths);
  if ("absent" in read) return read;
  const shown = toPosix(relative(resolve(displayRoot ?? process.cwd()), paths.record));
  if ("problem" in read) {
    return { diagnostics: [diagnostic({ file: shown, line: read.line ?? 1, col: read.col ?? 1 }, "ReleaseRecordInvalid", `${read.problem}; fix the record (flowspec release writes it).`)] };
  }
  const { ir, diagnostics } = loadIr({ specDir: paths.spec, ...(displayRoot !== undefined && { displayRoot }) });
  if (!ir) return { diagnostics };
  const latest = read.record.releases[0]!;
  if (ir.version !== latest.version) {
    const message = `the record's last release is ${latest.version} but release/spec is ${ir.version}; copy the released spec there again.`;
    return { diagnostics: [diagnostic({ file: shown, line: 1, col: 1 }, "ReleaseRecordInvalid", message)] };
  }
  return { last: { record: read.record, latest, ir } };
}

/** The release the working spec makes: its changes since the last release, under its own version. */
function pendingRelease(diff: SpecDiff): Release {
  return { version: diff.newVersion, changes: recordedChanges(diff.changes) };
}

/** Every release the changelogs list: the pending one first when the working spec has another version. */
export function releasesToList(last: LastRelease, ir: SpecIR): readonly Release[] {
  if (ir.version === last.latest.version) return last.record.releases;
  return [pendingRelease(diffSpecs(last.ir, ir)), ...last.record.releases];
}
