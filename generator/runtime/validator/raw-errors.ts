/**
 * How the generated checks report. An error is pushed with its path relative to the value the check
 * was given; when the check returns, its caller puts the segment that leads to that value in front
 * (`prefixLast`). Nothing is built on the valid path, and a path is extended only as its error
 * travels up, once per level.
 */
import type { RawError, RunContext } from "./context.js";

/** Pushes one error; returns 1, the count the generated code adds up. */
export function reportError(c: RunContext, instancePath: string, keyword: string, params: Readonly<Record<string, unknown>>): number {
  c.e.push({ instancePath, keyword, params });
  return 1;
}

/** The value the check was given has the wrong type: the first test of every object and list check. */
export function typeError(c: RunContext, type: string): number {
  return reportError(c, "", "type", { type });
}

/**
 * Puts `prefix` in front of the paths of the last `count` errors; returns `count`. A union's error
 * carries its branches' errors with paths relative to it (union-issues.ts reads them so), so only
 * its own path moves.
 */
export function prefixLast(c: RunContext, count: number, prefix: string): number {
  const errors = c.e;
  for (let i = errors.length - count; i < errors.length; i++) errors[i]!.instancePath = prefix + errors[i]!.instancePath;
  return count;
}

/** RFC 6901: `~` → `~0`, `/` → `~1`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The path segment of an object key, escaped: built only when an error needs it. */
export function keySegment(key: string): string {
  return `/${escapePointer(key)}`;
}

/** A copy that later prefixing cannot change: for verdicts kept and reported at several paths (a union's branches are never prefixed). */
export function copyError(e: RawError): RawError {
  return { ...e };
}
