/**
 * Output depends on the spec's meaning only: the same bytes every run, the loaded document left
 * untouched, and the order of YAML keys that carry no meaning irrelevant.
 */
import { describe, expect, it } from "vitest";
import { checkSpec } from "../../generator/src/check/check-spec.js";
import { emitPackages } from "../../generator/src/pipeline/generate.js";
import { buildIr } from "../../generator/src/ir/build-ir.js";
import { loadSpec } from "../../generator/src/load/load-spec.js";
import { REAL_SPEC } from "../support/paths.js";
import { irOf, realIr } from "../support/spec-ir.js";
import { reorderedSpec } from "../support/yaml-edits.js";

describe("determinism", () => {
  const files = emitPackages(realIr());

  it("emits identical bytes twice", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(emitPackages(irOf(REAL_SPEC))).toEqual(files);
  });

  it("never mutates the loaded document", () => {
    const loaded = loadSpec({ specDir: REAL_SPEC });
    const before = structuredClone(loaded.files.map((f) => f.data));
    emitPackages(buildIr(checkSpec(loaded, "spec").sources!));
    expect(loaded.files.map((f) => f.data)).toEqual(before);
  });

  it("ignores the order of keys whose order carries no meaning", () => {
    const { specDir, reversed } = reorderedSpec();
    expect(reversed).toBeGreaterThan(100);
    const shuffled = emitPackages(irOf(specDir));
    expect(shuffled.map((f) => f.path)).toEqual(files.map((f) => f.path));
    for (const [i, file] of shuffled.entries()) expect(file.contents, file.path).toBe(files[i]!.contents);
  });
});
