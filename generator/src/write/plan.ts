/**
 * Compares generated files with what is on disk: which are unchanged, stale, missing, and which
 * files on disk the generator owns but no longer produces (orphans).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { GeneratedFile } from "../emit/generated-file.js";

export type FileState = "unchanged" | "stale" | "missing";

export interface WritePlan {
  readonly files: readonly { readonly file: GeneratedFile; readonly state: FileState }[];
  /** Paths (relative to the output folder) of owned files nothing generates any more. */
  readonly orphans: readonly string[];
}

function listFiles(dir: string, prefix: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules") continue;
    const full = join(dir, entry);
    const rel = `${prefix}/${entry}`;
    if (statSync(full).isDirectory()) out.push(...listFiles(full, rel));
    else out.push(rel);
  }
  return out;
}

/**
 * @param ownedDirs top-level folders of the output folder that belong wholly to the generator.
 */
export function planWrite(outDir: string, files: readonly GeneratedFile[], ownedDirs: readonly string[]): WritePlan {
  const wanted = new Set(files.map((f) => f.path));
  const planned = files.map((file) => {
    const full = join(outDir, file.path);
    if (!existsSync(full)) return { file, state: "missing" as const };
    // Something other than a file where a file belongs (a folder, say) is stale: writing replaces it.
    if (!statSync(full).isFile()) return { file, state: "stale" as const };
    return { file, state: readFileSync(full, "utf8") === file.contents ? ("unchanged" as const) : ("stale" as const) };
  });
  const orphans = ownedDirs
    .flatMap((dir) => listFiles(join(outDir, dir), dir))
    .filter((path) => !wanted.has(path))
    .sort();
  return { files: planned, orphans };
}
