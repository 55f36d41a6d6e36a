/**
 * A vitest setup file for scripts/suite-cpu.ts: appends the CPU of each test file to the log named
 * by SUITE_CPU_LOG, its own and that of the processes it ran and waited for (Linux `/proc`, in
 * clock ticks: user + system, self and reaped children). A setup file runs again before every
 * test file even when files share a worker, so the span is the file's import and its tests.
 */
import { appendFileSync } from "node:fs";
import { afterAll } from "vitest";
import { ownTicks, reapedChildrenTicks, statFields, TICKS_PER_SECOND } from "../bench/proc-stat.js";

/** [own, children's] CPU ticks of this process so far. */
function ticks(): [number, number] {
  const fields = statFields();
  return [ownTicks(fields), reapedChildrenTicks(fields)];
}

const start = ticks();

// vitest reads a hook's first parameter as fixtures and wants it destructured; the file is the second.
afterAll(({}, suite) => {
  const end = ticks();
  const file = "filepath" in suite ? String(suite.filepath) : suite.name;
  const line = { file, self: (end[0] - start[0]) / TICKS_PER_SECOND, children: (end[1] - start[1]) / TICKS_PER_SECOND };
  appendFileSync(process.env.SUITE_CPU_LOG!, `${JSON.stringify(line)}\n`);
});
