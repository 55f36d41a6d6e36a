/**
 * Formats and lengths: RFC 3339 date and date-time exactly (calendar, leap years, leap seconds,
 * ASCII digits), the spec's pattern formats, unions of formats, and lengths in code points.
 */
import { describe, expect, it } from "vitest";
import { loadIr } from "./support/spec.js";
import { validator, type ValidationResult } from "./support/validator.js";
import { codePointLength } from "../../generator/runtime/validator/code-points.js";

const ir = loadIr();
const response = ir.records.find((r) => r.name === "CreateFlowResponseContent")!.examples![0] as Record<string, unknown>;

function issueOf(result: ValidationResult<unknown>): { code: string; path: string } | undefined {
  return result.ok ? undefined : result.issues[0];
}

const VALID_DATE_TIMES = [
  "1963-06-19T08:30:06.283185Z",
  "1963-06-19T08:30:06Z",
  "1937-01-01T12:00:27.87+00:20",
  "1990-12-31T15:59:50.123-08:00",
  "1998-12-31T23:59:60Z",
  "1998-12-31T15:59:60.123-08:00",
  "1998-12-31T23:59:60+00:00",
  "1999-01-01T00:29:60+00:30",
  "1963-06-19t08:30:06.283185z",
  "2024-02-29T00:00:00Z",
  "2000-02-29T23:59:59.999999999+23:59",
];

const INVALID_DATE_TIMES = [
  "1998-12-31T23:58:60Z",
  "1998-12-31T22:59:60Z",
  "1998-12-31T23:59:61Z",
  "1990-02-31T15:59:59.123-08:00",
  "1990-12-31T15:59:59-24:00",
  "1990-12-31T15:59:59+01:60",
  "1990-12-31T24:00:00Z",
  "1990-12-31T23:60:00Z",
  "06/19/1963 08:30:06 PST",
  "2013-350T01:01:01",
  "1963-6-19T08:30:06.283185Z",
  "1963-06-1T08:30:06.283185Z",
  "1963-06-1\u09eaT00:00:00Z",
  "1963-06-11T0\u09ea:00:00Z",
  "2023-02-29T00:00:00Z",
  "1900-02-29T00:00:00Z",
  "1990-12-31 15:59:59Z",
  "1990-12-31T15:59:59",
  "1990-12-31T23:59:59.Z",
  "1990-12-31T23:59:59+0100",
  " 1990-12-31T23:59:59Z",
  "1990-12-31T23:59:59Z\n",
  "",
];

const VALID_DATES = ["2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01"];
const INVALID_DATES = ["2023-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00", "2026-1-01", "20260101", "2026-01-01T00:00:00Z", "2026-01-0\u09ea", "2026-01-01\n"];

describe("RFC 3339 date-time (created_at)", () => {
  it.each(VALID_DATE_TIMES)("accepts %j", (value) => {
    expect(validator.validateCreateFlowResponse({ ...response, created_at: value }).ok).toBe(true);
  });
  it.each(INVALID_DATE_TIMES)("rejects %j", (value) => {
    expect(issueOf(validator.validateCreateFlowResponse({ ...response, created_at: value }))).toMatchObject({ code: "invalid_format", path: "/created_at" });
  });
});

describe("RFC 3339 full-date (executed_at)", () => {
  it.each(VALID_DATES)("accepts %j", (value) => {
    expect(validator.validateCreateFlowResponse({ ...response, executed_at: value }).ok).toBe(true);
  });
  it.each(INVALID_DATES)("rejects %j", (value) => {
    expect(issueOf(validator.validateCreateFlowResponse({ ...response, executed_at: value }))).toMatchObject({ code: "invalid_format", path: "/executed_at" });
  });
});

describe("pattern formats", () => {
  it.each(ir.formats.filter((f) => f.pattern !== undefined).flatMap((f) => f.examples.map((e) => [f.name, e] as const)))("%s accepts its example %j", (name, example) => {
    expect(new RegExp(ir.formats.find((f) => f.name === name)!.pattern!, "u").test(example)).toBe(true);
  });

  it("checks the action id format", () => {
    expect(issueOf(validator.validateFlowAction({ id: "has space", type: "FLOW", action: "DO_NOTHING" }))).toMatchObject({ code: "invalid_format", path: "/id" });
  });

  it("reports one merged issue when every alternative is a format the value misses", () => {
    const action = { id: "mail", type: "AUTH0", action: "SEND_EMAIL", params: { to: "not an address", subject: "s", body: "b" } };
    const result = validator.validateFlowAction(action);
    expect(result.ok ? [] : result.issues).toEqual([
      expect.objectContaining({ code: "invalid_format", path: "/params/to", params: { format: "email,forms-expression" } }),
    ]);
    expect(validator.validateFlowAction({ ...action, params: { ...action.params, to: "{{fields.email}}" } }).ok).toBe(true);
    expect(validator.validateFlowAction({ ...action, params: { ...action.params, to: "jane@example.com" } }).ok).toBe(true);
  });
});

describe("lengths count code points", () => {
  const flow = (name: string) => validator.validateCreateFlowRequest({ name });

  it("accepts 150 emoji as a name, and refuses 151", () => {
    expect(flow("😀".repeat(150)).ok).toBe(true);
    expect(issueOf(flow("😀".repeat(151)))).toMatchObject({ code: "too_long", path: "/name" });
  });

  it("counts a lone surrogate as one character, as JSON Schema does", () => {
    expect(flow("\ud800".repeat(150)).ok).toBe(true);
    expect(flow(`${"\ud800".repeat(149)}😀`).ok).toBe(true);
    expect(issueOf(flow(`${"\udc00".repeat(150)}x`))).toMatchObject({ code: "too_long" });
  });

  it("accepts one emoji where at least one character is required", () => {
    expect(flow("😀").ok).toBe(true);
    expect(issueOf(flow(""))).toMatchObject({ code: "too_short", path: "/name" });
  });

  it("counts like Array.from for well-formed strings", () => {
    for (const s of ["", "a", "😀", "a😀b", "👩‍👩‍👧", "\u00e9", "e\u0301"]) expect(codePointLength(s)).toBe(Array.from(s).length);
  });

  it("counts a minimum in code points too (43 emoji are a 43-character code challenge)", () => {
    const query = ir.records.find((r) => r.name === "AuthorizeQuery")!.examples![0] as Record<string, unknown>;
    expect(validator.validateAuthorizeQuery({ ...query, code_challenge: "😀".repeat(43) }).ok).toBe(true);
    expect(validator.validateAuthorizeQuery({ ...query, code_challenge: "😀".repeat(42) })).toMatchObject({ ok: false, issues: [expect.objectContaining({ code: "too_short", path: "/code_challenge" })] });
  });
});
