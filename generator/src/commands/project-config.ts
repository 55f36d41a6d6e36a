/**
 * `flowspec.config.json` or `flowspec.config.yaml` in the working directory: what a project that
 * generates its own packages says once, so `generate`, `generate --watch` and `release` agree
 * without repeating flags, and so the packages carry the project's identity instead of this
 * repository's: the folders, each package's npm name (or one scope for all of them), and the
 * repository fields of every package.json.
 *
 *   spec: api/spec                  # default spec
 *   out: api/packages               # default packages
 *   releaseDir: api/release         # default: release beside the spec folder
 *   scope: "@acme"                  # the packages become @acme/schema, @acme/types, …
 *   names: {validator: "@acme/flows-validator"}   # or name one package
 *   repository: https://github.com/acme/flows     # repository, homepage and bugs of every package
 *
 * A flag given on the command line wins over the file.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { PACKAGE_DIRS as PACKAGES, type PackageDir } from "../emit/package-dirs.js";
import type { PackageIdentity } from "../emit/package-identity.js";

const CONFIG_FILES = ["flowspec.config.json", "flowspec.config.yaml"] as const;

export interface ProjectConfig {
  readonly file?: string;
  readonly spec?: string;
  readonly out?: string;
  readonly releaseDir?: string;
  readonly identity?: PackageIdentity;
}

const KEYS = ["spec", "out", "releaseDir", "scope", "names", "repository"] as const;

/** This repository's own identity: what the packages carry when no config names another. */
const FLOWSPEC_SCOPE = "@flowspec";

/** The config in `dir`, or a sentence that says what is wrong with it. */
export function readProjectConfig(dir: string = process.cwd()): ProjectConfig | string {
  const found = CONFIG_FILES.filter((name) => existsSync(join(dir, name)));
  if (found.length === 0) return {};
  if (found.length > 1) return `both ${found.join(" and ")} exist; keep one`;
  const file = found[0]!;
  let data: unknown;
  try {
    const text = readFileSync(join(dir, file), "utf8");
    data = file.endsWith(".json") ? JSON.parse(text) : parse(text);
  } catch (error) {
    return `${file}: ${(error as Error).message.split("\n")[0]}`;
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return `${file}: expected a mapping of ${KEYS.join(", ")}`;
  const raw = data as Record<string, unknown>;
  const unknown = Object.keys(raw).filter((key) => !(KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) return `${file}: unknown key ${unknown.join(", ")}; the keys are ${KEYS.join(", ")}`;
  for (const key of ["spec", "out", "releaseDir", "scope", "repository"] as const) {
    if (raw[key] !== undefined && (typeof raw[key] !== "string" || raw[key] === "")) return `${file}: ${key} must be a non-empty string`;
  }
  const scope = raw.scope as string | undefined;
  if (scope !== undefined && !/^@[a-z0-9][a-z0-9._-]*$/.test(scope)) return `${file}: scope must look like @name (npm's rules: lower case), not ${scope}`;
  const names = raw.names ?? {};
  if (names === null || typeof names !== "object" || Array.isArray(names)) return `${file}: names must map a package (${PACKAGES.join(", ")}) to its npm name`;
  for (const [key, value] of Object.entries(names)) {
    if (!(PACKAGES as readonly string[]).includes(key)) return `${file}: names.${key}: the packages are ${PACKAGES.join(", ")}`;
    if (typeof value !== "string" || !/^(@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/.test(value)) return `${file}: names.${key} is not an npm package name`;
  }
  const named = scope !== undefined || Object.keys(names).length > 0 || raw.repository !== undefined;
  return {
    file,
    ...(raw.spec !== undefined && { spec: raw.spec as string }),
    ...(raw.out !== undefined && { out: raw.out as string }),
    ...(raw.releaseDir !== undefined && { releaseDir: raw.releaseDir as string }),
    ...(named && {
      identity: {
        names: Object.fromEntries(PACKAGES.map((p) => [p, (names as Record<string, string>)[p] ?? `${scope ?? FLOWSPEC_SCOPE}/${p}`])) as Record<PackageDir, string>,
        repository: (raw.repository as string | undefined)?.replace(/\.git$/, "").replace(/\/$/, "") ?? "",
      },
    }),
  };
}
