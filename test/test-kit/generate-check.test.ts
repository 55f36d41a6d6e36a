/**
 * The generator's own check of the fixtures: a fixture whose announced issue is not the validator's,
 * or a valid value the validator refuses, fails generation with every disagreement named; so does
 * a checked record without fixtures, and a text that is not the layout's JSON.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { Fixtures } from "../../generator/src/emit/fixtures/fixture-sets.js";
import { FIXTURES_LAYERS } from "../../generator/src/emit/fixtures/emit-fixtures.js";
import { layeredJson } from "../../generator/src/emit/fixtures/layered-json.js";
import { verifyFixturesText } from "../../generator/src/emit/fixtures/verify-fixtures.js";
import { join } from "node:path";
import { PACKAGES } from "../support/paths.js";

const validatorCjs = readFileSync(join(PACKAGES, "validator", "dist", "index.cjs"), "utf8");
const published = JSON.parse(readFileSync(join(PACKAGES, "fixtures", "fixtures.json"), "utf8")) as Fixtures;

/** The check as generation runs it, on the fixtures laid out as `fixtures.json` lays them out. */
const verify = (fixtures: Fixtures) => verifyFixturesText(layeredJson(fixtures, FIXTURES_LAYERS), validatorCjs);

it("passes the fixtures as generated", () => {
  expect(() => verify(published)).not.toThrow();
});

it("fails on an announced issue the validator does not give, and on a valid value it refuses", () => {
  const set = published.variants["STRIPE:ADD_TAX_ID"]!;
  const [first, ...rest] = set.invalid;
  const wrongLimit = rest.find((f) => f.issue.limit !== undefined)!;
  const tampered: Fixtures = {
    ...published,
    variants: {
      ...published.variants,
      "STRIPE:ADD_TAX_ID": {
        ...set,
        full: { ...(set.full as object), zz_extra: 1 },
        invalid: [{ ...first!, issue: { ...first!.issue, path: "/elsewhere" } }, { ...wrongLimit, issue: { ...wrongLimit.issue, limit: wrongLimit.issue.limit! + 1 } }],
      },
    },
  };
  expect(() => verify(tampered)).toThrow(/3 fixtures disagree with the validator:\n {2}STRIPE:ADD_TAX_ID full: .*unknown_property.*\n {2}STRIPE:ADD_TAX_ID .*announced .*"\/elsewhere".*\n {2}STRIPE:ADD_TAX_ID .*"limit":\d+/);
});

it("checks the text as written, one set at a time: every checked record needs its set, and the text must be the layout's JSON", () => {
  const text = readFileSync(join(PACKAGES, "fixtures", "fixtures.json"), "utf8");
  expect(() => verifyFixturesText(text, validatorCjs)).not.toThrow();
  const { AuthorizeQuery, ...records } = published.records;
  expect(AuthorizeQuery).toBeDefined();
  expect(() => verifyFixturesText(layeredJson({ ...published, records }, FIXTURES_LAYERS), validatorCjs)).toThrow(/1 fixtures disagree with the validator:\n {2}AuthorizeQuery: no fixtures/);
  expect(() => verifyFixturesText(layeredJson({ ...published, records: { ...published.records, Unheard: AuthorizeQuery } }, FIXTURES_LAYERS), validatorCjs)).toThrow(/Unheard: a record no validator checks/);
  expect(() => verifyFixturesText(JSON.stringify(published), validatorCjs)).toThrow(/leaves its layout at line 1/);
  expect(() => verifyFixturesText(text.replace('"full": {', '"full": {,'), validatorCjs)).toThrow(/leaves its layout at line \d+: the value there is not JSON/);
});
