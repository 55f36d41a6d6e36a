/**
 * Test fixtures for the generator: a small valid spec (test/fixtures/minimal-spec) copied into a
 * temporary folder, optionally overlaid by the files of one invalid fixture.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

export const FIXTURES = join(import.meta.dirname, "..", "fixtures");
export const MINIMAL_SPEC = join(FIXTURES, "minimal-spec");
export const INVALID_FIXTURES = join(FIXTURES, "invalid");

export interface TempProject {
  /** The temporary folder; diagnostics are shown relative to it. */
  readonly root: string;
  readonly specDir: string;
  readonly outDir: string;
}

/** Copies `base` to `<tmp>/spec`, then overlays `overlay` (a file named REMOVE lists files to delete). */
export function tempProject(base: string = MINIMAL_SPEC, overlay?: string): TempProject {
  const root = mkdtempSync(join(tmpdir(), "flowspec-test-"));
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
