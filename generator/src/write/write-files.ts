/**
 * Stage 6, write: puts the plan on disk all or nothing.
 *
 * 1. stage: every changed file is written beside its target under a temporary name;
 * 2. swap: each target is moved aside to a backup name and the staged file renamed into place;
 * 3. commit: backups and orphans are removed.
 * A failure in 1 removes the temporaries; a failure in 2 puts every backup back. Either way every
 * package is left exactly as it was, unless a backup is gone (removed by another program between
 * the swap and the rollback): that file keeps the new output, every other file is still put back,
 * and the error names the files that could not be.
 */
import * as nodeFs from "node:fs";
import { dirname, join } from "node:path";
import type { WritePlan } from "./plan.js";

export interface WriteSummary {
  readonly written: readonly string[];
  readonly removed: readonly string[];
}

/** The file operations used; tests pass one that fails on purpose. */
export type WriteFs = Pick<typeof nodeFs, "existsSync" | "mkdirSync" | "renameSync" | "rmSync" | "writeFileSync">;

interface Staged {
  /** The path as the plan names it, relative to the output folder. */
  readonly path: string;
  readonly target: string;
  readonly temp: string;
  readonly backup: string;
  moved: boolean;
  placed: boolean;
}

function stage(fs: WriteFs, outDir: string, plan: WritePlan): Staged[] {
  const staged: Staged[] = [];
  // Hundreds of files share a few folders: each is made (or found) once.
  const folders = new Set<string>();
  try {
    for (const { file, state } of plan.files) {
      if (state === "unchanged") continue;
      const target = join(outDir, file.path);
      const suffix = `.flowspec-${process.pid}`;
      const folder = dirname(target);
      if (!folders.has(folder)) fs.mkdirSync(folder, { recursive: true });
      folders.add(folder);
      fs.writeFileSync(`${target}${suffix}.tmp`, file.contents);
      staged.push({ path: file.path, target, temp: `${target}${suffix}.tmp`, backup: `${target}${suffix}.bak`, moved: false, placed: false });
    }
  } catch (error) {
    for (const s of staged) fs.rmSync(s.temp, { force: true });
    throw error;
  }
  return staged;
}

function swap(fs: WriteFs, staged: Staged[]): void {
  try {
    for (const s of staged) {
      if (fs.existsSync(s.target)) {
        fs.renameSync(s.target, s.backup);
        s.moved = true;
      }
      fs.renameSync(s.temp, s.target);
      s.placed = true;
    }
  } catch (error) {
    const lost = rollBack(fs, staged);
    if (lost.length === 0) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}; the write was rolled back, but ${lost.join(", ")} could not be put back`, { cause: error });
  }
}

/** Puts one swapped file back as it was; the reason when it cannot. */
function restore(fs: WriteFs, s: Staged): string | undefined {
  if (s.moved && !fs.existsSync(s.backup)) {
    // The old file cannot come back: the new one stays (or is moved in) rather than nothing.
    if (!s.placed) fs.renameSync(s.temp, s.target);
    return "its backup is gone; it holds the new output";
  }
  if (s.placed) fs.rmSync(s.target, { force: true, recursive: true });
  if (s.moved) fs.renameSync(s.backup, s.target);
  return undefined;
}

/**
 * Undoes the swap, last file first; one file that cannot be put back does not stop the others.
 * Returns each file (as the plan names it) that could not be put back, with the reason.
 */
function rollBack(fs: WriteFs, staged: readonly Staged[]): string[] {
  const lost: string[] = [];
  for (const s of [...staged].reverse()) {
    let reason: string | undefined;
    try {
      reason = restore(fs, s);
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    if (reason !== undefined) lost.push(`${s.path} (${reason})`);
    fs.rmSync(s.temp, { force: true });
  }
  return lost;
}

export function writePlan(outDir: string, plan: WritePlan, fs: WriteFs = nodeFs): WriteSummary {
  const staged = stage(fs, outDir, plan);
  swap(fs, staged);
  for (const s of staged) if (s.moved) fs.rmSync(s.backup, { force: true, recursive: true });
  for (const orphan of plan.orphans) fs.rmSync(join(outDir, orphan), { force: true });
  return { written: staged.map((s) => s.path), removed: plan.orphans };
}
