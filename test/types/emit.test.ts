/**
 * The emitter itself: the same bytes every run, text that prettier (pinned options) leaves as it
 * is, a self-contained declarations text for the validator package, files on disk that match, and
 * a cost well inside the generate budget.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it, onTestFinished } from "vitest";
import { isMap, isScalar, parseDocument, visit } from "yaml";
import { emitTypes, PRETTIER_OPTIONS, renderTypeDeclarations } from "../../generator/src/emit/types/index.ts";
import { formatFiles } from "../../generator/src/format.ts";
import { buildOutput } from "../../generator/src/generate.ts";
import { loadIr, ROOT, TYPES_PACKAGE } from "./load-ir.ts";

const ir = loadIr();
const files = emitTypes(ir);
const PARSERS: Readonly<Record<string, string>> = { ".d.ts": "typescript", ".d.cts": "typescript", ".js": "babel", ".cjs": "babel" };

function parserFor(path: string): string | undefined {
  const ext = Object.keys(PARSERS).find((e) => path.endsWith(e));
  return ext === undefined ? undefined : PARSERS[ext];
}

describe("emitTypes", () => {
  it("gives identical bytes twice", () => {
    expect(emitTypes(ir)).toEqual(files);
    expect(renderTypeDeclarations(ir)).toBe(renderTypeDeclarations(ir));
  });

  it("writes what is on disk", () => {
    for (const file of formatFiles(files)) {
      expect(readFileSync(join(TYPES_PACKAGE, file.path.replace(/^types\//, "")), "utf8"), file.path).toBe(file.contents);
    }
  });

  it.each(files.filter((f) => parserFor(f.path) !== undefined).map((f) => [f.path, f] as const))(
    "%s is already formatted as prettier formats it",
    async (_path, file) => {
      const formatted = await prettier.format(file.contents, { ...PRETTIER_OPTIONS, parser: parserFor(file.path)! });
      expect(file.contents).toBe(formatted);
    },
  );

  it("the prettier check can fail", async () => {
    const messy = "export type A =   string;\n";
    expect(await prettier.format(messy, { ...PRETTIER_OPTIONS, parser: "typescript" })).not.toBe(messy);
  });

  it("ignores the order of YAML keys whose order carries no meaning", () => {
    const scratch = mkdtempSync(join(tmpdir(), "flowspec-types-reordered-"));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const copy = join(scratch, "spec");
    cpSync(join(ROOT, "spec"), copy, { recursive: true });
    let reversed = 0;
    for (const entry of readdirSync(copy, { recursive: true, encoding: "utf8" }).filter((e) => e.endsWith(".yaml"))) {
      const doc = parseDocument(readFileSync(join(copy, entry), "utf8"));
      // The order of `properties` is the author's reading order and shows in the types; any other map's does not.
      visit(doc, {
        Pair(_, pair) {
          if (isMap(pair.value) && !(isScalar(pair.key) && pair.key.value === "properties") && pair.value.items.length > 1) {
            pair.value.items.reverse();
            reversed++;
          }
        },
      });
      writeFileSync(join(copy, entry), doc.toString());
    }
    expect(reversed).toBeGreaterThan(100);
    const built = buildOutput({ specDir: copy, emitters: [] });
    expect(built.diagnostics).toEqual([]);
    expect(emitTypes(built.ir!)).toEqual(files);
  });

  it("emits for another spec too (the generator's minimal fixture)", () => {
    const built = buildOutput({ specDir: join(ROOT, "test", "fixtures", "minimal-spec"), emitters: [] });
    const other = emitTypes(built.ir!);
    expect(other.map((f) => f.path)).toEqual(files.map((f) => f.path));
    expect(other.find((f) => f.path === "types/index.d.ts")!.contents).toMatch(/^export type FlowAction =/m);
  });

  it("costs little", () => {
    const start = performance.now();
    emitTypes(ir);
    const elapsed = performance.now() - start;
    console.log(`emitTypes: ${elapsed.toFixed(1)} ms`);
    expect(elapsed).toBeLessThan(1000);
  });
});

describe("renderTypeDeclarations", () => {
  const text = renderTypeDeclarations(ir);

  it("is self-contained: no imports, no values", () => {
    expect(text).not.toMatch(/^\s*(import|export \* from|export \{)/m);
    expect(text).not.toMatch(/\bdeclare const\b/);
    expect(text).toMatch(/^export type FlowAction =/m);
  });

  it("points its links elsewhere when asked to", () => {
    const deeper = renderTypeDeclarations(ir, { referenceBase: "../../reference/" });
    const links = (t: string) => [...t.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links(deeper).length).toBe(links(text).length);
    expect(links(deeper).every((l) => l.startsWith("../../reference/"))).toBe(true);
    expect(deeper.replaceAll("](../../reference/", "](../reference/")).toBe(text);
  });

  it("is the type part of index.d.ts", () => {
    const declarations = files.find((f) => f.path === "types/index.d.ts")!.contents;
    expect(declarations).toContain(text);
  });
});
