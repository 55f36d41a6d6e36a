/**
 * The native TypeScript compiler on small projects, the one way the suites run it: a folder with
 * its own tsconfig (the consumers under test/types/consumers, the installed packages' consumers),
 * or a temporary project that sees the generated packages as `@flowspec/types` and
 * `@flowspec/validator`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { onTestFinished } from "vitest";
import { PACKAGES, REPO_ROOT } from "./paths.js";

/**
 * The compiler's own executable, found the way the `tsc` script finds it. That script is a Node
 * process that waits for the executable (Node 20 has no execve), about a tenth of a second of CPU
 * for every project the suites compile.
 */
const TSC = await (async () => {
  try {
    const located = (await import(pathToFileURL(join(REPO_ROOT, "node_modules", "typescript", "lib", "getExePath.js")).href)) as { default: () => string };
    return located.default();
  } catch {
    return join(REPO_ROOT, "node_modules", ".bin", "tsc");
  }
})();

/** What a consumer of the packages switches on. */
export const STRICT_CONSUMER = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  module: "nodenext",
  noEmit: true,
  types: [],
};

/** A temporary project, removed when the test ends, whose `files` the caller writes. */
export function scratchProject(files: readonly string[], compilerOptions: object = STRICT_CONSUMER, packages: readonly string[] = ["types"]): string {
  const dir = mkdtempSync(join(tmpdir(), "flowspec-tsc-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "node_modules", "@flowspec"), { recursive: true });
  for (const name of packages) symlinkSync(join(PACKAGES, name), join(dir, "node_modules", "@flowspec", name), "dir");
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files }));
  return dir;
}

export interface TypeCheck {
  readonly status: number | null;
  readonly output: string;
  /** The lines of `file` that have an error. */
  readonly errorLines: (file: string) => Set<number>;
}

/**
 * TypeScript 5, the last compiler with `node10` resolution (which reads a package's `types` field
 * and no `exports`): the one the openapi-tools workspace installs for openapi-typescript.
 */
const TSC_5 = join(REPO_ROOT, "test", "openapi-tools", "node_modules", "typescript", "bin", "tsc");

/** `typeCheck`, with TypeScript 5 (`TSC_5`). */
export function typeCheckWithTypeScript5(project: string): TypeCheck {
  return typeCheck(project, [process.execPath, TSC_5]);
}

export function typeCheck(project: string, [command, ...before]: readonly string[] = [TSC]): TypeCheck {
  const run = spawnSync(command!, [...before, "-p", project, "--pretty", "false"], { encoding: "utf8", timeout: 60_000 });
  const output = `${run.stdout}${run.stderr}`;
  const errorLines = (file: string) => {
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new Set([...output.matchAll(new RegExp(`${escaped}\\((\\d+),\\d+\\): error`, "g"))].map((m) => Number(m[1])));
  };
  return { status: run.status, output, errorLines };
}

/**
 * Compiles `lines` after `import type * as T from "@flowspec/types"`; the lines that fail, numbered
 * from 1. The declarations themselves are checked by test/types/consumers.test.ts, so here only the
 * lines are (`skipLibCheck`).
 */
export function compileAgainstTypes(lines: readonly string[]): { status: number | null; output: string; failing: number[] } {
  const dir = scratchProject(["check.mts"], { ...STRICT_CONSUMER, skipLibCheck: true });
  writeFileSync(join(dir, "check.mts"), ['import type * as T from "@flowspec/types";', ...lines].join("\n") + "\n");
  const result = typeCheck(dir);
  // The import is line 1, so `lines[i]` is line i + 2.
  return { status: result.status, output: result.output, failing: [...result.errorLines("check.mts")].map((n) => n - 1).sort((a, b) => a - b) };
}
