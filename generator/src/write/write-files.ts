/**
 * Stage 6, write: puts the plan on disk all or nothing.
 *
 * 1. stage: every changed file is written beside its target under a temporary name;
 * 2. swap: each target is moved aside to a backup name and the staged file renamed into place;
 * 3. commit: backups and orphans are removed.
 * A failure in 1 removes the temporaries; a failure in 2 puts every backup back. Either way every
 * package is left exactly as it was.
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
  try {
    for (const { file, state } of plan.files) {
      if (state === "unchanged") continue;
      const target = join(outDir, file.path);
      const suffix = `.flowspec-${process.pid}`;
      fs.mkdirSync(dirname(target), { recursive: true });
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
    for (const s of [...staged].reverse()) {
      if (s.placed) fs.rmSync(s.target, { force: true, recursive: true });
      if (s.moved) fs.renameSync(s.backup, s.target);
      fs.rmSync(s.temp, { force: true });
    }
    throw error;
  }
}

export function writePlan(outDir: string, plan: WritePlan, fs: WriteFs = nodeFs): WriteSummary {
  const staged = stage(fs, outDir, plan);
  swap(fs, staged);
  for (const s of staged) if (s.moved) fs.rmSync(s.backup, { force: true, recursive: true });
  for (const orphan of plan.orphans) fs.rmSync(join(outDir, orphan), { force: true });
  return { written: staged.map((s) => s.path), removed: plan.orphans };
}
