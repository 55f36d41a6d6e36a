/**
 * The schema walk and the semver arithmetic on hand-made nodes: ref resolution, openness and
 * versions.
 */
import { describe, expect, it } from "vitest";
import { isSufficient, minimumVersion, parseVersion, requiredBump, versionText } from "../../generator/src/diff/bump.js";
import { ChangeList } from "../../generator/src/diff/change-list.js";
import { type SpecChange } from "../../generator/src/diff/change.js";
import { diffSchema } from "../../generator/src/diff/schema-diff.js";
import type { ObjectNode, SchemaNode } from "../../generator/src/ir/model.js";

const loc = { file: "spec/x.yaml", line: 1, col: 1 };
const text: SchemaNode = { loc, kind: "string", maxLength: 10 };
const record = (additional: ObjectNode["additional"]): ObjectNode => ({
  loc,
  kind: "object",
  properties: [{ name: "a", required: true, schema: text }],
  additional,
});
const ref = (target: string): SchemaNode => ({ loc, kind: "ref", target });

function diff(a: SchemaNode, b: SchemaNode, records: Record<string, SchemaNode> = {}): string[] {
  const list = new ChangeList();
  const byName = new Map(Object.entries(records));
  diffSchema({ list, before: byName, after: byName, resolving: new Set() }, "x", a, b);
  return list.changes.map((c) => `${c.kind} ${c.where} ${c.what}`);
}

describe("diffSchema", () => {
  it("resolves a ref by name, so an inline copy of a record is no change", () => {
    expect(diff(ref("R"), record(false), { R: record(false) })).toEqual([]);
    expect(diff(record(false), ref("R"), { R: record(true) })).toEqual(["extra-properties-opened x extra properties closed → open"]);
  });

  it("compares FlowAction refs by name only", () => {
    expect(diff(ref("FlowAction"), ref("FlowAction"))).toEqual([]);
    expect(diff(ref("FlowAction"), ref("R"), { R: record(false) })).toEqual(["type-changed x type FlowAction → R"]);
  });

  it("ranks openness closed < map < open", () => {
    expect(diff(record(true), record(false))).toEqual(["extra-properties-closed x extra properties open → closed"]);
    expect(diff(record(false), record(text))).toEqual(["extra-properties-opened x extra properties closed → map"]);
    expect(diff(record(text), record({ ...text, maxLength: 5 }))).toEqual(["bound-narrowed x.* maxLength 10 → 5"]);
  });

  it("treats a new format or pattern as narrowing, any JSON value and integer → number as widening", () => {
    expect(diff(text, { ...text, format: "flow-id" })).toEqual(['restriction-added x format added "flow-id"']);
    expect(diff({ ...text, pattern: "^a" }, text)).toEqual(['restriction-removed x pattern removed (was "^a")']);
    expect(diff(text, { loc, kind: "any" })).toEqual(["type-widened-to-any x type string → any"]);
    expect(diff({ loc, kind: "number" }, { loc, kind: "integer" })).toEqual(["type-changed x type number → integer"]);
    expect(diff({ loc, kind: "integer" }, { loc, kind: "number" })).toEqual(["integer-to-number x type integer → number"]);
  });
});

describe("semver", () => {
  const v = (s: string) => parseVersion(s)!;
  const change = (level: SpecChange["level"]): SpecChange => {
    const impact = { types: level, validator: "none", schema: "none", reference: "none" } as const;
    return { kind: "doc-changed", level, impact, where: "x", what: "y" };
  };

  it("takes the largest level as the bump", () => {
    expect(requiredBump([])).toBe("none");
    expect(requiredBump([change("patch"), change("major"), change("minor")])).toBe("major");
  });

  it("computes the smallest sufficient version", () => {
    expect(versionText(minimumVersion(v("1.2.3"), "patch"))).toBe("1.2.4");
    expect(versionText(minimumVersion(v("1.2.3"), "minor"))).toBe("1.3.0");
    expect(versionText(minimumVersion(v("1.2.3"), "major"))).toBe("2.0.0");
    expect(isSufficient(v("1.2.3"), v("2.0.0"), "minor")).toBe(true);
    expect(isSufficient(v("1.2.3"), v("1.2.9"), "minor")).toBe(false);
    expect(isSufficient(v("1.2.3"), v("1.2.2"), "none")).toBe(false);
    expect(parseVersion("1.2")).toBeUndefined();
  });
});
