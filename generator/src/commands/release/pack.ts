/**
 * `npm pack` of the published packages into one folder, ready for `npm publish <tarball>`. One npm
 * process packs them all (npm's start-up is most of the cost).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";

export interface PackOptions {
  /** Skip the packages' lifecycle scripts (the generator's `prepack` build) when dist/ is known to be fresh. */
  readonly ignoreScripts?: boolean;
}

/** Packs each folder into `dest`; returns the tarballs' file names in the folders' order. */
export function packFolders(folders: readonly string[], dest: string, options: PackOptions = {}): string[] {
  mkdirSync(dest, { recursive: true });
  const args = ["pack", "--json", "--pack-destination", resolve(dest), ...(options.ignoreScripts ? ["--ignore-scripts"] : []), ...folders.map((f) => resolve(f))];
  const out = execFileSync("npm", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  // Lifecycle scripts may print before npm's JSON; the JSON is the last top-level array.
  const json = out.slice(out.lastIndexOf("\n[") + 1 || out.indexOf("["));
  return (JSON.parse(json) as { filename: string }[]).map((p) => p.filename);
}
