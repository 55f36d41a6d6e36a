/**
 * The generated packages under another project's identity (`flowspec.config.*`): every mention of
 * a package's name (`@flowspec/validator`, `@flowspec/validator/service`) becomes the project's,
 * and each package.json takes the project's repository, homepage and issue tracker, or none when
 * the project names no repository — never this repository's. Applied to the emitted files as one
 * last step, so the emitters keep one spelling of each name.
 */
import type { GeneratedFile } from "./generated-file.js";
import { jsonText } from "./generated-file.js";
import { PACKAGE_DIRS, type PackageDir } from "./package-dirs.js";

/** The npm identity of the generated packages. */
export interface PackageIdentity {
  /** Each generated package's name (`schema` → `@acme/schema`). */
  readonly names: Readonly<Record<PackageDir, string>>;
  /** The repository's web address (`https://github.com/acme/flows`), for repository, homepage and bugs. */
  readonly repository: string;
}

const OWN_NAME = (name: PackageDir) => `@flowspec/${name}`;

function renamed(text: string, identity: PackageIdentity): string {
  let out = text;
  for (const name of PACKAGE_DIRS) out = out.replace(new RegExp(`${OWN_NAME(name)}(?![\\w-])`, "g"), identity.names[name]);
  return out;
}

function repositoryFields(manifest: Record<string, unknown>, repository: string): Record<string, unknown> {
  const { repository: _repository, homepage: _homepage, bugs: _bugs, ...rest } = manifest;
  if (repository === "") return rest;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    out[key] = value;
    if (key === "license") Object.assign(out, { repository: { type: "git", url: `git+${repository}.git` }, homepage: `${repository}#readme`, bugs: { url: `${repository}/issues` } });
  }
  return out;
}

export function applyIdentity(files: readonly GeneratedFile[], identity: PackageIdentity | undefined): readonly GeneratedFile[] {
  if (identity === undefined) return files;
  return files.map((file) => {
    const contents = renamed(file.contents, identity);
    const isManifest = PACKAGE_DIRS.some((name) => file.path === `${name}/package.json`);
    return { path: file.path, contents: isManifest ? jsonText(repositoryFields(JSON.parse(contents) as Record<string, unknown>, identity.repository)) : contents };
  });
}
