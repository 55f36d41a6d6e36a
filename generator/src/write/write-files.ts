/**
 * Stage 6, write: puts the plan on disk all or nothing. Every changed file is first written beside
 * its target under a temporary name; only when all of them are written are they renamed into
 * place and orphans removed. A failure before that point removes the temporaries and leaves every
 * package as it was.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { WritePlan } from "./plan.js";

export interface WriteSummary {
  readonly written: readonly string[];
  readonly removed: readonly string[];
}

export function writePlan(outDir: string, plan: WritePlan): WriteSummary {
  const changes = plan.files.filter((f) => f.state !== "unchanged");
  const staged: { temp: string; target: string }[] = [];
  try {
    for (const { file } of changes) {
      const target = join(outDir, file.path);
      const temp = `${target}.flowspec-${process.pid}.tmp`;
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(temp, file.contents);
      staged.push({ temp, target });
    }
  } catch (error) {
    for (const { temp } of staged) rmSync(temp, { force: true });
    throw error;
  }
  for (const { temp, target } of staged) renameSync(temp, target);
  for (const orphan of plan.orphans) rmSync(join(outDir, orphan), { force: true });
  return { written: changes.map((c) => c.file.path), removed: plan.orphans };
}
