/**
 * The README promises Node 20.19: every package that installing a published package or an example
 * brings in (from the lockfile, as `npm ci` installs them) must accept it, or npm prints
 * EBADENGINE and the package may use what Node 20 lacks.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { installedClosure, PUBLISHED_FOLDERS } from "../support/npm-install.js";
import { REPO_ROOT } from "../support/paths.js";

const PROMISED = "20.19.0";
const EXAMPLES = readdirSync(join(REPO_ROOT, "examples"), { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== "shared")
  .map((e) => `examples/${e.name}`);

describe(`Node ${PROMISED}`, () => {
  it.each([...PUBLISHED_FOLDERS, ...EXAMPLES])("runs every dependency of %s", (folder) => {
    const refused = Object.entries(installedClosure([folder]))
      .filter(([, entry]) => {
        const range = (entry.engines as { node?: string } | undefined)?.node;
        return range !== undefined && !semver.satisfies(PROMISED, range);
      })
      .map(([path, entry]) => `${path}@${entry.version} needs node ${(entry.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
