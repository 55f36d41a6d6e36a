/**
 * Output depends on the spec's meaning only: the same bytes every run, the loaded document left
 * untouched, and the order of YAML keys that carry no meaning irrelevant.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from "yaml";
import { describe, expect, it } from "vitest";
import { checkSpec } from "../../generator/src/check/check-spec.ts";
import { EMITTERS } from "../../generator/src/emit/emitters.ts";
import { buildOutput } from "../../generator/src/generate.ts";
import { buildIr } from "../../generator/src/ir/build-ir.ts";
import { loadSpec } from "../../generator/src/load/load-spec.ts";
import { tempProject } from "./spec-fixture.ts";

const REAL_SPEC = join(import.meta.dirname, "..", "..", "spec");

describe("determinism", () => {
  it("generates identical bytes twice", () => {
    const first = buildOutput({ specDir: REAL_SPEC, dryRun: true });
    const second = buildOutput({ specDir: REAL_SPEC, dryRun: true });
    expect(first.files.length).toBeGreaterThan(0);
    expect(second.files).toEqual(first.files);
  });

  it("never mutates the loaded document", () => {
    const loaded = loadSpec({ specDir: REAL_SPEC });
    const before = structuredClone(loaded.files.map((f) => f.data));
    const checked = checkSpec(loaded, "spec");
    const ir = buildIr(checked.sources!);
    for (const emitter of EMITTERS) emitter.emit(ir);
    expect(loaded.files.map((f) => f.data)).toEqual(before);
  });

  it("ignores the order of keys whose order carries no meaning", () => {
    const project = tempProject(REAL_SPEC);
    let reordered = 0;
    for (const entry of readdirSync(project.specDir, { recursive: true, encoding: "utf8" })) {
      const file = join(project.specDir, entry);
      if (!statSync(file).isFile()) continue;
      const doc = parseDocument(readFileSync(file, "utf8"));
      reordered += reverseMeaninglessKeys(doc.contents, null);
      writeFileSync(file, doc.toString());
    }
    expect(reordered).toBeGreaterThan(100);
    const original = buildOutput({ specDir: REAL_SPEC, dryRun: true, displayRoot: join(REAL_SPEC, "..") });
    const shuffled = buildOutput({ specDir: project.specDir, dryRun: true, displayRoot: project.root });
    expect(shuffled.diagnostics).toEqual([]);
    expect(shuffled.files.map((f) => f.path)).toEqual(original.files.map((f) => f.path));
    for (const [i, file] of shuffled.files.entries()) expect(file.contents, file.path).toBe(original.files[i]!.contents);
  });
});

/**
 * Reverses the key order of every mapping except `properties` (its order is the order people read
 * fields in); lists keep their order. Returns how many mappings it reversed.
 */
function reverseMeaninglessKeys(node: Node | null | unknown, parentKey: string | null): number {
  let count = 0;
  if (isMap(node)) {
    if (parentKey !== "properties" && node.items.length > 1) {
      node.items.reverse();
      count++;
    }
    for (const pair of node.items) {
      if (isPair(pair)) count += reverseMeaninglessKeys(pair.value, isScalar(pair.key) ? String(pair.key.value) : null);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) count += reverseMeaninglessKeys(item, null);
  }
  return count;
}
