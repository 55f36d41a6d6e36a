/**
 * The rules that size a change, as given/want tables: each row is one comparison and the change
 * lines it must produce (`level where what`), or none.
 */
import { describe, expect, it } from "vitest";
import { ChangeList } from "../../generator/src/diff/change.js";
import { compareBound, compareConst, compareDoc, compareEnum, compareRestriction, sameValue, type Tighter } from "../../generator/src/diff/classify.js";

function lines(compare: (list: ChangeList) => void): string[] {
  const list = new ChangeList();
  compare(list);
  return list.changes.map((c) => `${c.level} ${c.where} ${c.what}`);
}

describe("compareBound", () => {
  const table: [given: string, name: string, before: number | undefined, after: number | undefined, tighter: Tighter, want: string[]][] = [
    ["unchanged", "maxLength", 5, 5, "lower", []],
    ["maxLength lowered", "maxLength", 10, 5, "lower", ["major x maxLength 10 → 5"]],
    ["maxLength raised", "maxLength", 5, 10, "lower", ["minor x maxLength 5 → 10"]],
    ["minLength raised", "minLength", 1, 2, "higher", ["major x minLength 1 → 2"]],
    ["minLength lowered", "minLength", 2, 1, "higher", ["minor x minLength 2 → 1"]],
    ["a maximum added", "maximum", undefined, 3, "lower", ["major x maximum added 3"]],
    ["a minimum removed", "minimum", 3, undefined, "higher", ["minor x minimum removed (was 3)"]],
  ];
  it.each(table)("%s", (_given, name, before, after, tighter, want) => {
    expect(lines((list) => compareBound(list, "x", name, before, after, tighter))).toEqual(want);
  });
});

describe("compareRestriction", () => {
  const table: [given: string, before: string | undefined, after: string | undefined, want: string[]][] = [
    ["unchanged", "^a", "^a", []],
    ["added", undefined, "flow-id", ['major x format added "flow-id"']],
    ["removed", "flow-id", undefined, ['minor x format removed (was "flow-id")']],
    ["changed", "^a", "^b", ['major x format "^a" → "^b"']],
  ];
  it.each(table)("%s", (_given, before, after, want) => {
    expect(lines((list) => compareRestriction(list, "x", "format", before, after))).toEqual(want);
  });
});

describe("compareEnum", () => {
  const table: [given: string, before: string[] | undefined, after: string[] | undefined, want: string[]][] = [
    ["neither has one", undefined, undefined, []],
    ["the same values in another order", ["A", "B"], ["B", "A"], []],
    ["one added, one removed", ["A", "B"], ["A", "C"], ['major x enum: removed "B"', 'minor x enum: added "C"']],
    ["an enum added", undefined, ["A"], ['major x enum added ["A"]']],
    ["the enum removed", ["A"], undefined, ['minor x enum removed (was ["A"])']],
  ];
  it.each(table)("%s", (_given, before, after, want) => {
    expect(lines((list) => compareEnum(list, "x", before, after))).toEqual(want);
  });
});

describe("compareConst", () => {
  const table: [given: string, before: string | number | boolean | undefined, after: string | number | boolean | undefined, want: string[]][] = [
    ["unchanged", "code", "code", []],
    ["added", undefined, true, ["major x const added true"]],
    ["removed", 1, undefined, ["minor x const removed (was 1)"]],
    ["changed", "code", "token", ['major x const "code" → "token"']],
  ];
  it.each(table)("%s", (_given, before, after, want) => {
    expect(lines((list) => compareConst(list, "x", before, after))).toEqual(want);
  });
});

describe("compareDoc and sameValue", () => {
  const loc = (line: number) => ({ file: "spec/x.yaml", line, col: 1 });
  const table: [given: string, before: unknown, after: unknown, want: string[]][] = [
    ["the same text", "Waits.", "Waits.", []],
    ["other text", "Waits.", "Waits a while.", ["patch x description changed"]],
    ["only moved in the file", { a: 1, loc: loc(1) }, { a: 1, loc: loc(9) }, []],
    ["an undefined key is an absent key", { a: 1, b: undefined }, { a: 1 }, []],
    ["a list in another order", [1, 2], [2, 1], ["patch x description changed"]],
    ["a list against an object", [], {}, ["patch x description changed"]],
  ];
  it.each(table)("%s", (_given, before, after, want) => {
    expect(lines((list) => compareDoc(list, "x", "description", before, after))).toEqual(want);
    expect(sameValue(before, after)).toBe(want.length === 0);
  });
});
