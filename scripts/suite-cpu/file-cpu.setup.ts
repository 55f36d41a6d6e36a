/**
 * A vitest setup file for scripts/suite-cpu.ts: appends the CPU of each test file to the log named
 * by SUITE_CPU_LOG, its own and that of the processes it ran and waited for (Linux `/proc`, in
 * clock ticks: user + system, self and reaped children). A setup file runs again before every
 * test file even when files share a worker, so the span is the file's import and its tests.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll } from "vitest";

const TICKS_PER_SECOND = 100;

/** [own, children's] CPU ticks of this process so far. */
function ticks(): [number, number] {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // Fields after the command name, which may hold spaces: utime, stime, cutime, cstime are 14–17.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [Number(fields[11]) + Number(fields[12]), Number(fields[13]) + Number(fields[14])];
}

const start = ticks();

// vitest reads a hook's first parameter as fixtures and wants it destructured; the file is the second.
afterAll(({}, suite) => {
  const end = ticks();
  const file = "filepath" in suite ? String(suite.filepath) : suite.name;
  const line = { file, self: (end[0] - start[0]) / TICKS_PER_SECOND, children: (end[1] - start[1]) / TICKS_PER_SECOND };
  appendFileSync(process.env.SUITE_CPU_LOG!, `${JSON.stringify(line)}\n`);
});
