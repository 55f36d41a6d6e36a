/**
 * The published packages as a user gets them: packed the way `flowspec release` packs them (one
 * `npm pack`), then installed by npm itself into a temporary project, offline. npm, not `tar`:
 * npm stamps extracted files with the time it wrote them and lays dependencies out its own way,
 * and both have hidden defects that an unpacked tarball never shows.
 *
 * Offline: the project's package-lock.json is cut from the repository's (the packages' dependency
 * closure with its versions and integrity), so `npm ci --offline` takes every dependency from the
 * npm cache the repository's own `npm ci` filled, and the packages from their tarballs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { packFolders } from "../../generator/src/commands/release/pack.js";
import { REPO_ROOT } from "./paths.js";
import { oncePerRun } from "./temp-root.js";

/** The published folders, as the release record lists them. */
export const PUBLISHED_FOLDERS = ["generator", "packages/schema", "packages/types", "packages/validator", "packages/reference", "packages/fixtures"] as const;
export type PublishedFolder = (typeof PUBLISHED_FOLDERS)[number];

export interface LockEntry {
  readonly version?: string;
  readonly resolved?: string;
  readonly integrity?: string;
  readonly link?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly [key: string]: unknown;
}

/**
 * The six published folders packed into tarballs (one `npm pack`, as `flowspec release` does), once
 * per vitest run: test/release lints them, and every npm project of the tests installs from them.
 * The generator's dist/ must be built.
 */
export function packedTarballs(): ReadonlyMap<PublishedFolder, string> {
  const dest = oncePerRun("packs", (dir) => {
    if (!existsSync(join(REPO_ROOT, "generator/dist/src/index.js"))) throw new Error("generator/dist is missing: run `npm run build`");
    const names = packFolders(PUBLISHED_FOLDERS.map((f) => join(REPO_ROOT, f)), dir, { ignoreScripts: true });
    writeFileSync(join(dir, "tarballs.json"), JSON.stringify(names));
  });
  const names = JSON.parse(readFileSync(join(dest, "tarballs.json"), "utf8")) as string[];
  return new Map(PUBLISHED_FOLDERS.map((folder, i) => [folder, join(dest, names[i]!)]));
}

/** The repository's lockfile entry that `from` (a lock path) reaches for `name`, as Node would resolve it. */
function resolveInLock(lock: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (lock[candidate]) return candidate;
    if (base === "") return undefined;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

/**
 * Lock entries for the dependency closure of the workspace folders `folders` (lock paths such as
 * `generator`), moved to where npm puts them in a project that installs those packages
 * (`generator/node_modules/x` → `node_modules/@flowspec/generator/node_modules/x`).
 */
function closure(lock: Record<string, LockEntry>, folders: readonly { folder: string; installedAt: string }[], rootDeps: Record<string, string> = {}): Record<string, LockEntry> {
  const out: Record<string, LockEntry> = {};
  const moved = (path: string): string => {
    for (const { folder, installedAt } of folders) if (path.startsWith(`${folder}/`)) return `${installedAt}/${path.slice(folder.length + 1)}`;
    return path;
  };
  const linked = new Set<string>();
  const visit = (from: string, deps: Record<string, string>, optional: boolean) => {
    for (const name of Object.keys(deps)) {
      const path = resolveInLock(lock, from, name);
      if (path === undefined) {
        if (optional) continue;
        throw new Error(`${name}, needed by ${from || "the project"}, is not in package-lock.json`);
      }
      const link = lock[path]!.link ? lock[path]!.resolved : undefined;
      if (link !== undefined) {
        // A workspace package (`@flowspec/validator` for an example): its own dependencies, once.
        if (linked.has(link)) continue;
        linked.add(link);
        visit(link, lock[link]?.dependencies ?? {}, false);
        continue;
      }
      if (moved(path) in out) continue;
      const entry = lock[path]!;
      out[moved(path)] = entry;
      visit(path, entry.dependencies ?? {}, false);
      visit(path, entry.optionalDependencies ?? {}, true);
    }
  };
  for (const { folder } of folders) {
    const entry = lock[folder]!;
    visit(folder, entry.dependencies ?? {}, false);
  }
  visit("", rootDeps, false);
  return out;
}

/**
 * Every package of the repository's lockfile that installing the workspace folders `folders`
 * (lock paths: `generator`, `examples/fastify`) brings in, with its lock entry.
 */
export function installedClosure(folders: readonly string[]): Record<string, LockEntry> {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  return closure(lock.packages, folders.map((folder) => ({ folder, installedAt: folder })));
}

export interface NpmProject {
  readonly root: string;
  /** The project's own file, relative to the project. */
  readonly path: (relativePath: string) => string;
  /** Each published package's tarball (packed once per run: `packedTarballs`). */
  readonly tarballs: ReadonlyMap<PublishedFolder, string>;
}

export interface OwnNpmProject extends NpmProject {
  /** Deletes the project (call it in `afterAll`). */
  readonly remove: () => void;
}

export interface SharedNpmProject extends NpmProject {
  /** A new empty folder inside the project for one test file's own files; `@flowspec/*` and the tools resolve from it. */
  readonly workspace: (name: string) => string;
}

/**
 * Writes into `root` a project that installs `folders` from their tarballs, and `tools` from the
 * registry at the versions the repository's lockfile holds (what a user installs beside them:
 * `ajv`, `ajv-formats`, …), and runs `npm ci --offline` there.
 */
function install(root: string, tarballs: ReadonlyMap<PublishedFolder, string>, folders: readonly PublishedFolder[], tools: readonly string[]): void {
  const repoLock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const installs = folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, folder, "package.json"), "utf8")) as { name: string; version: string };
    return { folder, name: manifest.name, spec: `file:${relative(root, tarballs.get(folder)!)}` };
  });
  const toolVersions = tools.map((name): [string, string] => {
    const version = repoLock.packages[`node_modules/${name}`]?.version;
    if (version === undefined) throw new Error(`${name} is not in package-lock.json`);
    return [name, version];
  });
  const dependencies = Object.fromEntries([...installs.map((i) => [i.name, i.spec]), ...toolVersions]);
  const manifest = { name: "consumer", version: "1.0.0", private: true, type: "module", dependencies };
  const packages: Record<string, LockEntry> = { "": { name: "consumer", version: "1.0.0", dependencies } };
  for (const i of installs) {
    const { devDependencies: _dev, ...entry } = repoLock.packages[i.folder]!;
    packages[`node_modules/${i.name}`] = { ...entry, resolved: i.spec };
  }
  Object.assign(packages, closure(repoLock.packages, installs.map((i) => ({ folder: i.folder, installedAt: `node_modules/${i.name}` }))));
  Object.assign(packages, closure(repoLock.packages, [], Object.fromEntries(toolVersions)));
  const lock = { name: "consumer", version: "1.0.0", lockfileVersion: 3, requires: true, packages };
  writeFileSync(join(root, "package.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(join(root, "package-lock.json"), JSON.stringify(lock, null, 2));
  execFileSync("npm", ["ci", "--offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
}

/** A temporary project of one test file's own, installing `folders` and `tools` (see `install`). */
export function npmProject(folders: readonly PublishedFolder[], tools: readonly string[] = []): OwnNpmProject {
  const root = mkdtempSync(join(tmpdir(), "flowspec-npm-project-"));
  const tarballs = packedTarballs();
  try {
    install(root, tarballs, folders, tools);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { root, path: (p) => join(root, p), tarballs, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * The project a user of the packages has: `@flowspec/schema`, `/types` and `/validator` with Ajv and
 * ajv-formats beside them, installed by npm once per run and shared by the suites that use them.
 * None of the three has a dependency, so what one suite needs is never brought by another's
 * package (test/validator/package.test.ts holds the validator's tarball to requiring nothing);
 * each suite writes its own files into its own `workspace`.
 */
export function consumerProject(): SharedNpmProject {
  const tarballs = packedTarballs();
  const root = oncePerRun("npm-consumer", (dir) => install(dir, tarballs, ["packages/schema", "packages/types", "packages/validator"], ["ajv", "ajv-formats"]));
  return { root, path: (p) => join(root, p), tarballs, workspace: (name) => mkdtempSync(join(root, `${name}-`)) };
}
