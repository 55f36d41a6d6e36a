/**
 * Running the native TypeScript compiler on small projects: the consumers under `consumers/`, or
 * a temporary project that sees the generated package as `@flowspec/types`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { ROOT, TYPES_PACKAGE } from "./load-ir.ts";

const TSC = join(ROOT, "node_modules", ".bin", "tsc");

/** What a consumer of the package switches on. */
export const STRICT_CONSUMER = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  module: "nodenext",
  noEmit: true,
  types: [],
};

/** A temporary project, removed when the test ends, whose `files` the caller writes. */
export function scratchProject(files: readonly string[], compilerOptions: object = STRICT_CONSUMER): string {
  const dir = mkdtempSync(join(tmpdir(), "flowspec-types-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "node_modules", "@flowspec"), { recursive: true });
  symlinkSync(TYPES_PACKAGE, join(dir, "node_modules", "@flowspec", "types"), "dir");
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files }));
  return dir;
}

export interface TypeCheck {
  readonly status: number | null;
  readonly output: string;
  /** The lines of `file` that have an error. */
  readonly errorLines: (file: string) => Set<number>;
}

export function typeCheck(project: string): TypeCheck {
  const run = spawnSync(TSC, ["-p", project, "--pretty", "false"], { encoding: "utf8", timeout: 60_000 });
  const output = `${run.stdout}${run.stderr}`;
  const errorLines = (file: string) => {
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new Set([...output.matchAll(new RegExp(`${escaped}\\((\\d+),\\d+\\): error`, "g"))].map((m) => Number(m[1])));
  };
  return { status: run.status, output, errorLines };
}

/** Compiles `lines` after `import type * as T from "@flowspec/types"`; the lines that fail, numbered from 1. */
export function compileAgainstTypes(lines: readonly string[]): { status: number | null; failing: number[] } {
  const dir = scratchProject(["check.mts"]);
  writeFileSync(join(dir, "check.mts"), ['import type * as T from "@flowspec/types";', ...lines].join("\n") + "\n");
  const result = typeCheck(dir);
  // The import is line 1, so `lines[i]` is line i + 2.
  return { status: result.status, failing: [...result.errorLines("check.mts")].map((n) => n - 1).sort((a, b) => a - b) };
}
