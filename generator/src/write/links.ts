/**
 * Symbolic links in the output: generate never writes or deletes through a link that leads out of
 * the folder a path is in (the output folder, or the project root for `../CHANGELOG.md` and the
 * hand-written packages), and a link that loops or dangles on the way is a diagnostic, not a stack
 * trace. A link in the last place (a file that is a link) is replaced or removed itself, never
 * written through, so only the folders on the way are checked here.
 */
import { lstatSync, realpathSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { diagnostic, type Diagnostic } from "../base/diagnostics.js";

function inside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !resolve(folder, rel).startsWith(`${folder}${sep}..`));
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * The file system as one check sees it: each real path and each folder's kind looked up once,
 * since hundreds of generated files share a few folders (and, on a first run, a missing output
 * folder would otherwise cost an exception per file).
 */
class FolderLookups {
  readonly #reals = new Map<string, string | null>();
  readonly #links = new Map<string, boolean | undefined>();

  real(path: string): string | null {
    if (!this.#reals.has(path)) this.#reals.set(path, realOrNull(path));
    return this.#reals.get(path)!;
  }

  /** Whether the entry is a symbolic link; undefined when there is none (or it cannot be read). */
  isLink(path: string): boolean | undefined {
    if (!this.#links.has(path)) this.#links.set(path, linkOrNothing(path));
    return this.#links.get(path);
  }
}

function linkOrNothing(path: string): boolean | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink();
  } catch {
    return undefined;
  }
}

/** What is wrong with the folders on the way to `path` (relative to `outDir`), or null. */
function linkProblem(outDir: string, path: string, fs: FolderLookups): string | null {
  const segments = path.split("/");
  const up = segments.findIndex((s) => s !== "..");
  const base = resolve(outDir, ...segments.slice(0, up));
  const realBase = fs.real(base) ?? base;
  let current = base;
  for (const segment of segments.slice(up, -1)) {
    current = join(current, segment);
    const isLink = fs.isLink(current);
    if (isLink === undefined) return null; // not there yet: writing creates a plain folder
    if (!isLink) continue;
    const real = fs.real(current);
    if (real === null) return `${relative(outDir, current) || "."} is a symbolic link that loops or leads nowhere; remove it`;
    if (!inside(real, realBase)) return `${relative(outDir, current)} is a symbolic link to ${real}, outside ${realBase}; generate does not write through it: remove it`;
  }
  return null;
}

/** One diagnostic per generated path whose way passes an unsafe link (at the link's path). */
export function linkDiagnostics(outDir: string, paths: readonly string[], shown: (path: string) => string): Diagnostic[] {
  const found = new Map<string, Diagnostic>();
  const fs = new FolderLookups();
  for (const path of paths) {
    const problem = linkProblem(outDir, path, fs);
    if (problem !== null && !found.has(problem)) found.set(problem, diagnostic({ file: shown(path), line: 1, col: 1 }, "OutputUnsafeLink", `${problem}.`));
  }
  return [...found.values()];
}
