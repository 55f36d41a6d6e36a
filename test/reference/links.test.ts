/**
 * Every link between pages of the reference resolves: the file exists and, when the link names a
 * fragment, the target page has that anchor (an explicit `<a id>` or a heading's GitHub id). The
 * anchors other packages link to exist under their documented names.
 */
import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import { anchorsOf, linksOf, type Anchors } from "../support/markdown-model.js";
import { MINIMAL_SPEC } from "../support/paths.js";
import { referenceOutput } from "../support/reference-output.js";

const { ir, pages } = referenceOutput();
const anchors = anchorMap(pages);

function anchorMap(of: ReadonlyMap<string, string>): Map<string, Anchors> {
  return new Map([...of].map(([path, md]) => [path, anchorsOf(md)]));
}

function typePage(type: string): string {
  return `flow-actions/${type.toLowerCase().replace(/_/g, "-")}.md`;
}

/** `from`'s link `target` → [page, fragment], or undefined for links leaving the reference. */
function resolve(from: string, target: string): [string, string | undefined] | undefined {
  if (/^[a-z]+:/.test(target)) return undefined;
  const [path, fragment] = target.split("#") as [string, string | undefined];
  const page = path === "" ? from : posix.normalize(posix.join(posix.dirname(from), path));
  return [page, fragment];
}

function brokenLinks(path: string, markdown: string, known: ReadonlyMap<string, Anchors>): string[] {
  const broken: string[] = [];
  for (const { target, line } of linksOf(markdown)) {
    const resolved = resolve(path, target);
    if (!resolved) continue;
    const [page, fragment] = resolved;
    const there = known.get(page);
    if (!there) broken.push(`${path}:${line} → ${target}: no page ${page}`);
    else if (fragment !== undefined && !there.ids.has(fragment)) broken.push(`${path}:${line} → ${target}: no anchor #${fragment}`);
  }
  return broken;
}

describe("reference links", () => {
  it("has pages with many links to check", () => {
    expect(pages.size).toBe(ir.flowActions.types.length + 10);
    const count = [...pages.values()].reduce((n, md) => n + linksOf(md).length, 0);
    expect(count).toBeGreaterThan(500);
  });

  for (const [path, markdown] of pages) {
    it(`${path}: every link resolves to an existing page and anchor`, () => {
      expect(brokenLinks(path, markdown, anchors)).toEqual([]);
    });

    it(`${path}: no anchor id occurs twice`, () => {
      expect(anchors.get(path)!.duplicates).toEqual([]);
    });
  }

  it("in the reference of the minimal spec too (no token flows, no disagreements)", () => {
    const minimal = referenceOutput(MINIMAL_SPEC).pages;
    const there = anchorMap(minimal);
    expect([...minimal].flatMap(([path, md]) => brokenLinks(path, md, there))).toEqual([]);
  });

  it("every page can be reached from the index", () => {
    const reached = new Set(["README.md"]);
    const queue = ["README.md"];
    while (queue.length > 0) {
      const from = queue.shift()!;
      for (const { target } of linksOf(pages.get(from)!)) {
        const page = resolve(from, target)?.[0];
        if (page && pages.has(page) && !reached.has(page)) reached.add(page) && queue.push(page);
      }
    }
    expect([...pages.keys()].filter((p) => !reached.has(p))).toEqual([]);
  });
});

describe("stable anchors (the types package links to them)", () => {
  const has = (page: string, id: string) => anchors.get(page)?.ids.has(id) ?? false;

  it("each variant: flow-actions/<type>.md#<type>-<action>, lower case", () => {
    const variants = ir.flowActions.types.flatMap((t) => t.variants);
    expect(variants).toHaveLength(61);
    const missing = variants.filter((v) => !has(typePage(v.type), `${v.type.toLowerCase()}-${v.action.toLowerCase()}`));
    expect(missing.map((v) => v.key)).toEqual([]);
    expect(has("flow-actions/stripe.md", "stripe-add_tax_id")).toBe(true);
    expect(has("flow-actions/google-sheets.md", "google_sheets-add_row")).toBe(true);
  });

  it("each record: records.md#<name in lower case>", () => {
    expect(ir.records.filter((r) => !has("records.md", r.name.toLowerCase())).map((r) => r.name)).toEqual([]);
  });

  it("each operation: operations.md#<operation id>", () => {
    expect(ir.operations.filter((op) => !has("operations.md", op.id)).map((op) => op.id)).toEqual([]);
  });

  it("each format: formats.md#<format name>", () => {
    expect(ir.formats.filter((f) => !has("formats.md", f.name)).map((f) => f.name)).toEqual([]);
  });

  it("each error row and disagreement", () => {
    expect(ir.errors.filter((e) => !has("errors.md", e.id)).map((e) => e.id)).toEqual([]);
    expect(ir.disagreements.filter((d) => !has("disagreements.md", d.id.toLowerCase())).map((d) => d.id)).toEqual([]);
  });
});
