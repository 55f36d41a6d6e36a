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
import { isJsonObject } from "../../base/json-object.js";

/** The fields of a workspace's lockfile entry that npm copies from its package.json (besides `version`). */
const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

type Manifest = Readonly<Record<string, unknown>>;
type Entry = Record<string, unknown>;

function readJson(file: string): Record<string, unknown> | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : undefined;
}

/** One package's lockfile entry after the move: whether it changed, and whether it still differs in a way this does not write. */
interface Moved {
  readonly folder: string;
  readonly changed: boolean;
  /** A dependency field added to or removed from package.json: `npm install` brings the entry in step. */
  readonly stale: boolean;
}

/** Moves one entry's `version` and dependency ranges to its package.json. */
function moveEntry(folder: string, entry: Entry, manifest: Manifest): Moved {
  const before = JSON.stringify(entry);
  let stale = false;
  if (typeof manifest["version"] === "string") entry["version"] = manifest["version"];
  for (const field of DEPENDENCY_FIELDS) {
    const ranges = manifest[field];
    // npm leaves an empty field out of the lockfile.
    const listed = isJsonObject(ranges) && Object.keys(ranges).length > 0;
    if ((field in entry) !== listed) stale = true;
    else if (listed) entry[field] = ranges;
  }
  return { folder, changed: JSON.stringify(entry) !== before, stale };
}

/** The lockfile with the entries of `folders` (relative to `root`, as the release record lists them) moved; undefined without one. */
function movedLock(root: string, folders: readonly string[]): { readonly lock: object; readonly moved: readonly Moved[] } | undefined {
  const lock = readJson(join(root, "package-lock.json"));
  const entries = lock?.["packages"];
  if (lock === undefined || !isJsonObject(entries)) return undefined;
  const moved: Moved[] = [];
  for (const folder of folders) {
    const entry = (entries as Record<string, Entry | undefined>)[folder];
    const manifest = readJson(join(root, folder, "package.json"));
    if (entry !== undefined && manifest !== undefined) moved.push(moveEntry(folder, entry, manifest));
  }
  return { lock, moved };
}

export interface LockSync {
  /** Whether package-lock.json was rewritten. */
  readonly written: boolean;
  /** Folders whose entry differs in a way a release does not write (a dependency field added or removed): `npm install` brings them in step. */
  readonly stale: readonly string[];
}

/** Moves the lockfile's entries of the released packages to their package.json, after the release regenerated them. */
export function syncLockfile(root: string, folders: readonly string[]): LockSync {
  const result = movedLock(root, folders);
  if (result === undefined) return { written: false, stale: [] };
  const written = result.moved.some((m) => m.changed);
  // npm's own layout: two spaces, a final newline.
  if (written) writeFileSync(join(root, "package-lock.json"), `${JSON.stringify(result.lock, null, 2)}\n`);
  return { written, stale: result.moved.filter((m) => m.stale).map((m) => m.folder) };
}

/** The released packages whose lockfile entry is not in step with their package.json (after a bump by hand), for the release check. */
export function lockfileDrift(root: string, folders: readonly string[]): readonly string[] {
  return movedLock(root, folders)?.moved.filter((m) => m.changed || m.stale).map((m) => m.folder) ?? [];
}
