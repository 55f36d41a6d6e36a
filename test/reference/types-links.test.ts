/**
 * The types' JSDoc links into the reference (`../reference/records.md#…` from @flowspec/types,
 * `../../reference/…` from @flowspec/validator's dist/types.d.ts); every such link, resolved from
 * the file that holds it, must land on a page and an anchor the reference really has.
 */
import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import { EMITTERS } from "../../generator/src/emit/emitters.ts";
import { anchorsOf } from "./markdown-model.ts";
import { buildSpecIr, referenceFrom } from "./reference-output.ts";

const ir = buildSpecIr();
const { pages } = referenceFrom(ir);

for (const dir of ["types", "validator"]) {
  const files = EMITTERS.find((e) => e.dir === dir)!
    .emit(ir)
    .filter((f) => /\.d\.c?ts$/.test(f.path));

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
