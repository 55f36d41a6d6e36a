/**
 * The @flowspec/generator folder: the nearest folder above this module with a package.json. The
 * same whether the generator runs from its TypeScript sources (`src/`) or compiled
 * (`dist/src/`), so what it reads from its own package (the validator runtime's sources, its
 * version) is found either way.
 */
import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("flowspec: no package.json above the generator's modules");
    dir = up;
  }
  return dir;
}

/** The folder, ending in a path separator. */
export const GENERATOR_ROOT = `${findRoot()}${sep}`;

/** The validator runtime's TypeScript sources, which the validator emitter bundles (ending in a separator). */
export const RUNTIME_SOURCE_DIR = `${join(GENERATOR_ROOT, "runtime", "validator")}${sep}`;

/** The test kit's runtime sources, which the fixtures emitter bundles (ending in a separator). */
export const FIXTURES_RUNTIME_DIR = `${join(GENERATOR_ROOT, "runtime", "fixtures")}${sep}`;
