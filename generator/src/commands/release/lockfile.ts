/**
 * The project's package-lock.json after a release. npm keeps each workspace package's `version`
 * and dependency ranges in the lockfile as well as in its package.json; a release moves the
 * package.json files (generate writes them), so the lockfile is moved with them, field for field
 * as `npm install` would write it. Left behind (the fixtures require the types and the validator
 * at exactly the old version), it is rewritten by the next `npm install`, a diff nobody made, and a
 * lockfile cut from it for a project that installs the packed tarballs (test/outside-in does)
 * sends `npm ci` looking for the old versions: it asks the registry for them (offline, it fails).
 * Editing the fields needs no network and no npm, unlike `npm install --package-lock-only`, and
 * touches nothing else of the file.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The fields of a workspace's lockfile entry that npm copies from its package.json (besides `version`). */
const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

type Manifest = Readonly<Record<string, unknown>>;

function readJson(file: string): Record<string, unknown> | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : undefined;
}

export interface LockSync {
  /** Whether package-lock.json was rewritten. */
  readonly written: boolean;
  /** Folders whose entry differs in a way a release does not write (a dependency field added or removed): `npm install` brings them in step. */
  readonly stale: readonly string[];
}

/** Moves the lockfile's entries of `folders` (relative to `root`, as the release record lists them) to their package.json. */
export function syncLockfile(root: string, folders: readonly string[]): LockSync {
  const file = join(root, "package-lock.json");
  const lock = readJson(file);
  const entries = lock?.["packages"];
  if (lock === undefined || typeof entries !== "object" || entries === null) return { written: false, stale: [] };
  const before = JSON.stringify(lock);
  const stale: string[] = [];
  for (const folder of folders) {
    const entry = (entries as Record<string, Record<string, unknown> | undefined>)[folder];
    const manifest: Manifest | undefined = readJson(join(root, folder, "package.json"));
    if (entry === undefined || manifest === undefined) continue;
    if (typeof manifest["version"] === "string") entry["version"] = manifest["version"];
    for (const field of DEPENDENCY_FIELDS) {
      if ((field in entry) !== (field in manifest)) stale.push(folder);
      else if (field in manifest) entry[field] = manifest[field];
    }
  }
  const written = JSON.stringify(lock) !== before;
  // npm's own layout: two spaces, a final newline.
  if (written) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  return { written, stale: [...new Set(stale)] };
}
