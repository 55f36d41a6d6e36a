/**
 * The types' JSDoc links into the reference (`../reference/records.md#…` from @flowspec/types,
 * `../../reference/…` from @flowspec/validator's dist/types.d.cts); every such link, resolved from
 * the file that holds it, must land on a page and an anchor the reference really has.
 */
import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { describe, expect, it } from "vitest";
import { emitTypes } from "../../generator/src/emit/types/emit-types.js";
import { anchorsOf } from "../support/markdown-model.js";
import { PACKAGES } from "../support/paths.js";
import { referenceOutput } from "../support/reference-output.js";

const { ir, pages } = referenceOutput();

/** The declaration files of each package, by path inside `packages/`. */
const DECLARATIONS: Readonly<Record<string, readonly { path: string; contents: string }[]>> = {
  types: emitTypes(ir).filter((f) => /\.d\.c?ts$/.test(f.path)),
  // As committed: running the validator emitter here would cost more than every other check in this file.
  validator: ["types.d.cts"].map((name) => ({ path: `validator/dist/${name}`, contents: readFileSync(join(PACKAGES, "validator", "dist", name), "utf8") })),
};

for (const [dir, files] of Object.entries(DECLARATIONS)) {
  describe(`links from @flowspec/${dir} into the reference`, () => {
    // Each link resolved against the folder of its file, relative to the packages folder.
    const links = files.flatMap((f) =>
      [...f.contents.matchAll(/\]\(((?:\.\.\/)+reference\/[^)\s]+)\)/g)].map((m) => posix.join(posix.dirname(f.path), m[1]!)),
    );

    it("there are links to check (one per variant at least)", () => {
      expect(new Set(links).size).toBeGreaterThanOrEqual(61);
    });

    it("each resolves to a page and an anchor of the reference", () => {
      const broken = [...new Set(links)].filter((target) => {
        const [path, fragment] = target.split("#") as [string, string | undefined];
        const page = path.startsWith("reference/") ? pages.get(path.slice("reference/".length)) : undefined;
        return page === undefined || (fragment !== undefined && !anchorsOf(page).ids.has(fragment));
      });
      expect(broken).toEqual([]);
    });
  });
}
