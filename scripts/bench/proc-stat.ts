/**
 * CPU time from Linux's `/proc/<pid>/stat`, for the scripts that count what processes spend
 * (suite-cpu, bench-serve, bench-generate). The fields are read after the command name, which may
 * hold spaces and parentheses; times are in clock ticks, which the kernel reports to user space at
 * 100 per second (USER_HZ).
 */
import { readFileSync } from "node:fs";

export const TICKS_PER_SECOND = 100;

/** Where each field is among those after the command name (`man 5 proc`: ppid is field 4, utime 14). */
export const STAT_FIELD = { ppid: 1, utime: 11, stime: 12, cutime: 13, cstime: 14 } as const;

/** The fields after the command name of a `/proc/…/stat` file (`/proc/self/stat` by default). */
export function statFields(path = "/proc/self/stat"): string[] {
  const stat = readFileSync(path, "utf8");
  return stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
}

/** User + system ticks: the process's own (or a thread's), or those of the children it waited for. */
export function ownTicks(fields: readonly string[]): number {
  return Number(fields[STAT_FIELD.utime]) + Number(fields[STAT_FIELD.stime]);
}

export function reapedChildrenTicks(fields: readonly string[]): number {
  return Number(fields[STAT_FIELD.cutime]) + Number(fields[STAT_FIELD.cstime]);
}
