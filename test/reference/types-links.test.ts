/**
 * The types package's JSDoc links into the reference (`../reference/records.md#…`); every such
 * link must land on a page and an anchor the reference really has.
 */
import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import { EMITTERS } from "../../generator/src/emit/emitters.ts";
import { anchorsOf } from "./markdown-model.ts";
import { buildSpecIr, referenceFrom } from "./reference-output.ts";

const ir = buildSpecIr();
const { pages } = referenceFrom(ir);
const typesEmitter = EMITTERS.find((e) => e.dir === "types")!;
const typeFiles = typesEmitter.emit(ir).filter((f) => /\.d\.c?ts$/.test(f.path));

describe("links from @flowspec/types into the reference", () => {
  const links = typeFiles.flatMap((f) =>
    [...f.contents.matchAll(/\]\((\.\.\/reference\/[^)\s]+)\)/g)].map((m) => ({ file: f.path, target: m[1]! })),
  );

  it("there are links to check (one per variant at least)", () => {
    expect(new Set(links.map((l) => l.target)).size).toBeGreaterThanOrEqual(61);
  });

  it("each resolves to a page and an anchor of the reference", () => {
    const broken = [...new Set(links.map((l) => l.target))].filter((target) => {
      const [path, fragment] = target.split("#") as [string, string | undefined];
      const page = pages.get(posix.normalize(path.replace(/^\.\.\/reference\//, "")));
      return page === undefined || (fragment !== undefined && !anchorsOf(page).ids.has(fragment));
    });
    expect(broken).toEqual([]);
  });
});
