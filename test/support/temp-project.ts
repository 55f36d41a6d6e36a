/**
 * Temporary projects for tests that write: a copy of a spec (the minimal one by default), optionally
 * overlaid by the files of an invalid fixture, with an empty `packages` folder beside it.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { onTestFinished } from "vitest";
import { MINIMAL_SPEC } from "./paths.js";

export interface TempProject {
  /** The temporary folder; diagnostics are shown relative to it. */
  readonly root: string;
  readonly specDir: string;
  readonly outDir: string;
}

/** Copies `base` to `<tmp>/spec`, then lays `overlay` over it (a file named REMOVE lists files to delete). */
export function tempProject(base: string = MINIMAL_SPEC, overlay?: string): TempProject {
  const root = mkdtempSync(join(tmpdir(), "flowspec-test-"));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const specDir = join(root, "spec");
  cpSync(base, specDir, { recursive: true });
  if (overlay) {
    for (const entry of readdirSync(overlay, { recursive: true, encoding: "utf8" })) {
      const from = join(overlay, entry);
      if (statSync(from).isDirectory() || entry === "expected.txt") continue;
      if (entry === "REMOVE") {
        for (const line of readFileSync(from, "utf8").split("\n").filter(Boolean)) rmSync(join(specDir, line));
      } else {
        cpSync(from, join(specDir, entry));
      }
    }
  }
  return { root, specDir, outDir: join(root, "packages") };
}

/** Every file below `dir` with its contents, by POSIX path relative to `dir`. */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const full = join(dir, entry);
    if (statSync(full).isFile()) out.set(relative(dir, full).split("\\").join("/"), readFileSync(full, "utf8"));
  }
  return out;
}
