/**
 * The YAML files of a spec folder, found by walking it. Symbolic links are followed (a spec may
 * link a shared file in), but one that leads back into a folder being walked would never end, so
 * it becomes a diagnostic instead.
 */
import { readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { diagnostic, type Diagnostic } from "../base/diagnostics.js";
import { byCodeUnit } from "../base/order.js";

export function toPosix(path: string): string {
  return path.split(sep).join("/");
}

export interface SpecFolder {
  /** Every `.yaml`/`.yml` file, as a POSIX path inside the folder, in code-unit order. */
  readonly names: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/** `displayRoot`: diagnostics show paths relative to it. */
export function listSpecFolder(specDir: string, displayRoot: string): SpecFolder {
  const names: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const loop = (full: string) => {
    const at = { file: toPosix(relative(displayRoot, full)), line: 1, col: 1 };
    diagnostics.push(diagnostic(at, "SpecFolderLoop", "this symbolic link leads back into a folder that holds it; remove it or point it elsewhere."));
  };
  // `inside` is the folder's POSIX path inside the spec folder ("" for the spec folder itself), kept
  // as the walk goes down: a path.relative per file was compiled by the engine on a wide spec.
  const walk = (dir: string, inside: string, ancestors: ReadonlySet<string>): void => {
    for (const dirent of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodeUnit(a.name, b.name))) {
      const entry = dirent.name;
      const full = join(dir, entry);
      let isFolder: boolean;
      try {
        // The listing tells files and folders apart; only a link (or an unknown type) needs a stat to follow it.
        isFolder = dirent.isFile() ? false : dirent.isDirectory() ? true : statSync(full).isDirectory();
      } catch (error) {
        // A link to itself (or a chain that returns to itself) cannot be resolved at all.
        if ((error as NodeJS.ErrnoException).code === "ELOOP") loop(full);
        else throw error;
        continue;
      }
      if (!isFolder) {
        if (/\.ya?ml$/.test(entry)) names.push(inside + entry);
        continue;
      }
      const real = realpathSync(full);
      if (ancestors.has(real)) loop(full);
      else walk(full, `${inside}${entry}/`, new Set([...ancestors, real]));
    }
  };
  walk(specDir, "", new Set([realpathSync(specDir)]));
  return { names: names.sort(byCodeUnit), diagnostics };
}
