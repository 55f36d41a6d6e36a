/** Given/want tables for the small text helpers the command line stands on. */
import { describe, expect, it } from "vitest";
import { closestMatch } from "../../generator/runtime/validator/suggest.js";
import { jsonErrorOffset } from "../../generator/src/payload/json-syntax.js";

describe("closestMatch (did you mean)", () => {
  const table: [word: string, candidates: string[], want: string | undefined][] = [
    ["conection_id", ["connection_id", "customer_id"], "connection_id"],
    ["Connection_ID", ["connection_id"], "connection_id"],
    ["genrate", ["generate", "diff", "validate"], "generate"],
    ["vaildate", ["generate", "diff", "validate"], "validate"], // two letters swapped: one edit
    ["STRIPE:ADD_TAXID", ["STRIPE:ADD_TAX_ID", "STRIPE:CREATE_CUSTOMER"], "STRIPE:ADD_TAX_ID"],
    ["propertise", ["properties", "required"], "properties"],
    ["xyz", ["generate", "diff"], undefined],
    ["ab", ["ba", "cd"], undefined], // short words: only a difference of case
    ["ID", ["id", "name"], "id"],
    ["", ["a"], undefined],
    ["connection_id", ["connection_id"], undefined], // the word itself is no suggestion
    ["x".repeat(100_000), ["x".repeat(100_000)], undefined], // hostile length: not compared at all
  ];
  it.each(table)("%j among %j → %j", (word, candidates, want) => {
    expect(closestMatch(word, candidates)).toBe(want);
  });
});

describe("jsonErrorOffset", () => {
  const table: [text: string, want: number][] = [
    ['{"a":[1,]}', 8],
    ['{"a":1,}', 7],
    ['{"a" 1}', 5],
    ['{"a":tru}', 5],
    ['{"a":"x\ny"}', 5],
    ["[1] x", 4],
    ["01", 1],
    ["{,}", 1],
    ["  ", 2],
    ["[1,2]", -1],
    ['{"a":{"b":[1,{"c":null}]},"d":-1.5e3}', -1],
    ["[".repeat(100_000) + "]".repeat(100_000), -1], // iterative: any depth
  ];
  it.each(table)("%j → %i", (text, want) => {
    expect(jsonErrorOffset(text)).toBe(want);
    // The table agrees with JSON.parse on what is JSON.
    let parses = true;
    try {
      JSON.parse(text);
    } catch {
      parses = false;
    }
    expect(parses).toBe(want === -1);
  });
});
