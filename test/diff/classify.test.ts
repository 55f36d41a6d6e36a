/**
 * The comparisons that name a change's kind, as given/want tables (`kind where what`), and the rule
 * table itself: every kind has a reason, and every kind that is major for a package says what a
 * consumer changes.
 */
import { describe, expect, it } from "vitest";
import { ChangeList } from "../../generator/src/diff/change-list.js";
import { overallLevel, PACKAGES } from "../../generator/src/diff/levels.js";
import { compareBound, compareConst, compareDoc, compareEnum, compareRestriction, sameValue, type Tighter } from "../../generator/src/diff/compare.js";
import { RULES } from "../../generator/src/diff/classify.js";

function lines(compare: (list: ChangeList) => void): string[] {
  const list = new ChangeList();
  compare(list);
  return list.changes.map((c) => `${c.kind} ${c.where} ${c.what}`);
}

describe("compareBound", () => {
  const table: [given: string, name: string, before: number | undefined, after: number | undefined, tighter: Tighter, want: string[]][] = [
    ["unchanged", "maxLength", 5, 5, "lower", []],
    ["maxLength lowered", "maxLength", 10, 5, "lower", ["bound-narrowed x maxLength 10 → 5"]],
    ["maxLength raised", "maxLength", 5, 10, "lower", ["bound-widened x maxLength 5 → 10"]],
    ["minLength raised", "minLength", 1, 2, "higher", ["bound-narrowed x minLength 1 → 2"]],
    ["minLength lowered", "minLength", 2, 1, "higher", ["bound-widened x minLength 2 → 1"]],
    ["a maximum added", "maximum", undefined, 3, "lower", ["bound-narrowed x maximum added 3"]],
    ["a minimum removed", "minimum", 3, undefined, "higher", ["bound-widened x minimum removed (was 3)"]],
  ];
  it.each(table)("%s", (_given, name, before, after, tighter, want) => {
    expect(lines((list) => compareBound(list, "x", name, before, after, tighter))).toEqual(want);
  });
});

describe("compareRestriction", () => {
  const table: [given: string, before: string | undefined, after: string | undefined, want: string[]][] = [
    ["unchanged", "^a", "^a", []],
    ["added", undefined, "flow-id", ['restriction-added x format added "flow-id"']],
    ["removed", "flow-id", undefined, ['restriction-removed x format removed (was "flow-id")']],
    ["changed", "^a", "^b", ['restriction-changed x format "^a" → "^b"']],
  ];
  it.each(table)("%s", (_given, before, after, want) => {
    expect(lines((list) => compareRestriction(list, "x", "format", before, after))).toEqual(want);
  });
});

describe("compareEnum", () => {
  const table: [given: string, before: string[] | undefined, after: string[] | undefined, want: string[]][] = [
    ["neither has one", undefined, undefined, []],
    ["the same values in another order", ["A", "B"], ["B", "A"], []],
    ["one added, one removed", ["A", "B"], ["A", "C"], ['enum-value-removed x enum: removed "B"', 'enum-value-added x enum: added "C"']],
    ["an enum added", undefined, ["A"], ['enum-added x enum added ["A"]']],
    ["the enum removed", ["A"], undefined, ['enum-removed x enum removed (was ["A"])']],
  ];
  it.each(table)("%s", (_given, before, after, want) => {
    expect(lines((list) => compareEnum(list, "x", before, after))).toEqual(want);
  });
});

describe("compareConst", () => {
  const table: [given: string, before: string | number | boolean | undefined, after: string | number | boolean | undefined, want: string[]][] = [
    ["unchanged", "code", "code", []],
    ["added", undefined, true, ["const-added x const added true"]],
    ["removed", 1, undefined, ["const-removed x const removed (was 1)"]],
    ["changed", "code", "token", ['const-changed x const "code" → "token"']],
  ];
  it.each(table)("%s", (_given, before, after, want) => {
    expect(lines((list) => compareConst(list, "x", before, after))).toEqual(want);
  });
});

describe("compareDoc and sameValue", () => {
  const loc = (line: number) => ({ file: "spec/x.yaml", line, col: 1 });
  const table: [given: string, before: unknown, after: unknown, want: string[]][] = [
    ["the same text", "Waits.", "Waits.", []],
    ["other text", "Waits.", "Waits a while.", ["doc-changed x description changed"]],
    ["only moved in the file", { a: 1, loc: loc(1) }, { a: 1, loc: loc(9) }, []],
    ["an undefined key is an absent key", { a: 1, b: undefined }, { a: 1 }, []],
    ["a list in another order", [1, 2], [2, 1], ["doc-changed x description changed"]],
    ["a list against an object", [], {}, ["doc-changed x description changed"]],
  ];
  it.each(table)("%s", (_given, before, after, want) => {
    expect(lines((list) => compareDoc(list, "x", "description", before, after))).toEqual(want);
    expect(sameValue(before, after)).toBe(want.length === 0);
  });
});

describe("the rule table", () => {
  const rules = Object.entries(RULES);

  it.each(rules)("%s has a reason, and a migration note wherever a package takes a major", (_kind, rule) => {
    expect(rule.why.length).toBeGreaterThan(20);
    const major = PACKAGES.some((name) => rule.impact[name] === "major");
    expect("migrate" in rule).toBe(major);
  });

  it("gives a change the largest of its package levels", () => {
    const list = new ChangeList();
    list.add("variant-added", "FLOW:WAIT", "added");
    const [change] = list.changes;
    expect(change!.level).toBe("major");
    expect(overallLevel({ types: "patch", validator: "minor", schema: "none", reference: "none" })).toBe("minor");
    expect(change!.migration).toBe("Add a case for `FLOW:WAIT` (or a default branch) to every exhaustive `switch` over `FlowAction`; code that only sends actions needs no change.");
  });

  it("leaves the migration note out where no package takes a major", () => {
    const list = new ChangeList();
    list.add("property-added-optional", "record R.x", "added (optional)");
    expect(list.changes[0]).not.toHaveProperty("migration");
  });
});
