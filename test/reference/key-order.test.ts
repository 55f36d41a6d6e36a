/**
 * The reference depends on the spec's meaning, not on how its YAML is laid out: reversing the keys
 * of every mapping whose order carries no meaning (all but `properties`; lists keep their order)
 * yields the same pages, byte for byte — examples included, whose keys follow their schema.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, isPair, isScalar, isSeq, parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { tempProject } from "../generator/spec-fixture.ts";
import { REAL_SPEC, referenceOutput } from "./reference-output.ts";

function reverseKeys(node: unknown, parentKey: string | null): number {
  let count = 0;
  if (isMap(node)) {
    if (parentKey !== "properties" && node.items.length > 1) {
      node.items.reverse();
      count++;
    }
    for (const pair of node.items) if (isPair(pair)) count += reverseKeys(pair.value, isScalar(pair.key) ? String(pair.key.value) : null);
  } else if (isSeq(node)) {
    for (const item of node.items) count += reverseKeys(item, null);
  }
  return count;
}

describe("key order in the spec", () => {
  it("changes nothing in the reference", () => {
    const project = tempProject(REAL_SPEC);
    try {
      let reversed = 0;
      for (const entry of readdirSync(project.specDir, { recursive: true, encoding: "utf8" })) {
        const file = join(project.specDir, entry);
        if (!statSync(file).isFile()) continue;
        const doc = parseDocument(readFileSync(file, "utf8"));
        reversed += reverseKeys(doc.contents, null);
        writeFileSync(file, doc.toString());
      }
      expect(reversed).toBeGreaterThan(100);
      const original = referenceOutput().files;
      const shuffled = referenceOutput(project.specDir).files;
      expect([...shuffled.keys()]).toEqual([...original.keys()]);
      for (const [path, text] of original) expect(shuffled.get(path), path).toBe(text);
    } finally {
      rmSync(project.root, { recursive: true, force: true });
    }
  });
});
