/**
 * The types emitter itself: the same bytes every run, text that prettier (pinned options) leaves as
 * it is, a self-contained declarations text for the validator package, files on disk that match,
 * another spec emitted too, and a cost well inside the generate budget. (That the order of
 * meaningless YAML keys changes nothing is proved for every package by test/generator/determinism.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { emitTypes } from "../../generator/src/emit/types/emit-types.js";
import { formatFiles } from "../../generator/src/write/format.js";
import type { SpecIR } from "../../generator/src/ir/model.js";
import { renderTypeDeclarations, typeDeclarations } from "../../generator/src/typescript/declarations.js";
import { referenceLinks } from "../../generator/src/typescript/reference-links.js";
import { PRETTIER_OPTIONS } from "../../generator/src/typescript/style.js";
import { MINIMAL_SPEC, TYPES_PACKAGE } from "../support/paths.js";
import { irOf, realIr } from "../support/spec-ir.js";

const ir = realIr();
const files = emitTypes(ir);
const PARSERS: Readonly<Record<string, string>> = { ".d.ts": "typescript", ".d.cts": "typescript", ".js": "babel", ".cjs": "babel" };

function parserFor(path: string): string | undefined {
  const ext = Object.keys(PARSERS).find((e) => path.endsWith(e));
  return ext === undefined ? undefined : PARSERS[ext];
}

describe("emitTypes", () => {
  it("gives identical bytes twice", () => {
    expect(emitTypes(ir)).toEqual(files);
    expect(renderTypeDeclarations(ir, "../reference/")).toBe(renderTypeDeclarations(ir, "../reference/"));
  });

  it("writes what is on disk", () => {
    for (const file of formatFiles(files)) {
      expect(readFileSync(join(TYPES_PACKAGE, file.path.replace(/^types\//, "")), "utf8"), file.path).toBe(file.contents);
    }
  });

  it.each(files.filter((f) => parserFor(f.path) !== undefined).map((f) => [f.path, f] as const))(
    "%s is already formatted as prettier formats it",
    async (_path, file) => {
      expect(file.contents).toBe(await prettier.format(file.contents, { ...PRETTIER_OPTIONS, parser: parserFor(file.path)! }));
    },
  );

  it("the prettier check can fail", async () => {
    const messy = "export type A =   string;\n";
    expect(await prettier.format(messy, { ...PRETTIER_OPTIONS, parser: "typescript" })).not.toBe(messy);
  });

  it("emits for another spec too (the generator's minimal fixture)", () => {
    const other = emitTypes(irOf(MINIMAL_SPEC));
    expect(other.map((f) => f.path)).toEqual(files.map((f) => f.path));
    expect(other.find((f) => f.path === "types/index.d.cts")!.contents).toMatch(/^export type FlowAction =/m);
  });

  it("costs little", () => {
    const start = performance.now();
    emitTypes(ir);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe("renderTypeDeclarations", () => {
  const text = renderTypeDeclarations(ir, "../reference/");

  it("is self-contained: no imports, no values", () => {
    expect(text).not.toMatch(/^\s*(import|export \* from|export \{)/m);
    expect(text).not.toMatch(/\bdeclare const\b/);
    expect(text).toMatch(/^export type FlowAction =/m);
  });

  it("links from where its file sits, and breaks its lines where the types package does", () => {
    const deeper = renderTypeDeclarations(ir, "../../reference/");
    const links = (t: string) => [...t.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links(deeper).length).toBe(links(text).length);
    expect(links(deeper).every((l) => l.startsWith("../../reference/"))).toBe(true);
    expect(deeper.replaceAll("](../../reference/", "](../reference/")).toBe(text);
  });

  it("is, rendered once for both packages, what rendering with each package's own links gives", () => {
    for (const base of ["../reference/", "../../reference/"]) {
      expect(renderTypeDeclarations(ir, base), base).toBe(typeDeclarations(ir, referenceLinks(base)).join("\n"));
    }
  });

  it("renders for each base a spec whose text holds the character that marks the links once rendered", () => {
    // A description that holds as many of them as a mark of the links has.
    const marked: SpecIR = JSON.parse(JSON.stringify(ir), (key, value) =>
      key === "description" && value === ir.flowActions.types[0]!.variants[0]!.description ? `${value} ${"\u0001".repeat(13)}` : value,
    );
    const deeper = renderTypeDeclarations(marked, "../../reference/");
    expect(deeper).toBe(typeDeclarations(marked, referenceLinks("../../reference/")).join("\n"));
    expect(deeper).toContain("\u0001".repeat(13));
  });

  it("is the type part of index.d.cts", () => {
    const declarations = files.find((f) => f.path === "types/index.d.cts")!.contents;
    expect(declarations).toContain(text);
  });
});
