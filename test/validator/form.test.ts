/**
 * decodeFormBody: the strict grammar of the form-encoded POST /flows body. Everything a browser or
 * URLSearchParams sends decodes exactly; everything outside the grammar is an issue, never a guess.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validator } from "./support/validator.js";

const { decodeFormBody, validateCreateFlowRequest } = validator;

function encode(fields: [string, string][]): string {
  return new URLSearchParams(fields).toString();
}

function issueOf(result: ReturnType<typeof decodeFormBody>): { code: string; path: string } | undefined {
  return result.ok ? undefined : result.issues[0];
}

function valueOf(text: string): unknown {
  const result = decodeFormBody(text);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe("what it decodes", () => {
  it("decodes a flow sent by URLSearchParams, typed by the schema", () => {
    const text = encode([
      ["name", "Welcome & onboarding = 100% 😀"],
      ["actions[0][id]", "wait_a_bit"],
      ["actions[0][type]", "FLOW"],
      ["actions[0][action]", "DELAY_FLOW"],
      ["actions[0][allow_failure]", "true"],
      ["actions[0][params][number]", "5"],
      ["actions[0][params][units]", "MINUTES"],
      ["actions[1][id]", "code"],
      ["actions[1][type]", "OTP"],
      ["actions[1][action]", "GENERATE_CODE"],
      ["actions[1][params][reference]", "{{fields.email}}"],
      ["actions[1][params][length]", "6"],
      ["actions[2][id]", "mail"],
      ["actions[2][type]", "MAILJET"],
      ["actions[2][action]", "SEND_EMAIL"],
      ["actions[2][params][connection_id]", "ac_123"],
      ["actions[2][params][template_id]", "42"],
    ]);
    const value = valueOf(text);
    expect(value).toEqual({
      name: "Welcome & onboarding = 100% 😀",
      actions: [
        { id: "wait_a_bit", type: "FLOW", action: "DELAY_FLOW", allow_failure: true, params: { number: "5", units: "MINUTES" } },
        { id: "code", type: "OTP", action: "GENERATE_CODE", params: { reference: "{{fields.email}}", length: 6 } },
        { id: "mail", type: "MAILJET", action: "SEND_EMAIL", params: { connection_id: "ac_123", template_id: 42 } },
      ],
    });
    expect(validateCreateFlowRequest(value).ok).toBe(true);
  });

  it("decodes nested actions and free-form maps", () => {
    const value = valueOf(
      "name=n&actions[0][id]=b&actions[0][type]=FLOW&actions[0][action]=BOOLEAN_CONDITION&actions[0][params][if]=x" +
        "&actions[0][params][then][0][id]=s&actions[0][params][then][0][type]=FLOW&actions[0][params][then][0][action]=STORE_VARS" +
        "&actions[0][params][then][0][params][vars][count]=3&actions[0][params][then][0][params][vars][flag]=true",
    );
    expect(value).toEqual({
      name: "n",
      actions: [{ id: "b", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: "x", then: [{ id: "s", type: "FLOW", action: "STORE_VARS", params: { vars: { count: "3", flag: "true" } } }] } }],
    });
    expect(validateCreateFlowRequest(value).ok).toBe(true);
  });

  it("decodes the empty body to an empty object (the validator then asks for a name)", () => {
    expect(valueOf("")).toEqual({});
    expect(validateCreateFlowRequest(valueOf(""))).toMatchObject({ ok: false, issues: [{ code: "required", path: "/name" }] });
  });

  it("keeps percent-encoded brackets, a byte-order mark and reserved characters exactly", () => {
    expect(valueOf("name=%EF%BB%BFx%5B0%5D%26%3D%2B")).toEqual({ name: "\ufeffx[0]&=+" });
    expect(valueOf("actions%5B0%5D%5Bid%5D=a")).toEqual({ actions: [{ id: "a" }] });
  });

  it("decodes 2,000 fields without truncation", () => {
    const fields: [string, string][] = [["name", "many"]];
    for (let i = 0; i < 400; i++) fields.push([`actions[${i}][id]`, `a${i}`], [`actions[${i}][type]`, "FLOW"], [`actions[${i}][action]`, "ERROR_MESSAGE"], [`actions[${i}][params][message]`, `m${i}`], [`actions[${i}][mask_output]`, "false"]);
    const value = valueOf(encode(fields)) as { actions: unknown[] };
    expect(value.actions).toHaveLength(400);
    expect(validateCreateFlowRequest(value).ok).toBe(true);
  });
});

describe("percent-decoding", () => {
  /** The reference: the bytes decoded by a strict UTF-8 decoder (TextDecoder, fatal), BOM kept. */
  const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  function reference(encoded: string): string | null {
    const bytes = (encoded.match(/%[0-9A-Fa-f]{2}/g) ?? []).map((h) => Number.parseInt(h.slice(1), 16));
    try {
      return strict.decode(new Uint8Array(bytes));
    } catch {
      return null;
    }
  }
  const byte = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xbf }), fc.integer({ min: 0xc0, max: 0xff }), fc.constantFrom(0xc0, 0xc1, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xa0, 0x80, 0xbf, 0xbb));

  it("accepts exactly the byte sequences a strict UTF-8 decoder accepts, with the same text", () => {
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), (bytes) => {
        const encoded = bytes.map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
        const result = decodeFormBody(`v=${encoded}`);
        const expected = reference(encoded);
        if (expected === null) return !result.ok && result.issues[0]!.code === "invalid_encoding";
        return result.ok && (result.value as { v: string }).v === expected;
      }),
      { seed: 11, numRuns: 3000 },
    );
  });
});

describe("canonical spellings only", () => {
  const lengthOf = (raw: string) => (valueOf(`actions[0][type]=OTP&actions[0][action]=GENERATE_CODE&actions[0][params][length]=${raw}`) as { actions: { params: { length: unknown } }[] }).actions[0]!.params.length;
  const flagOf = (raw: string) => (valueOf(`actions[0][type]=FLOW&actions[0][action]=DO_NOTHING&actions[0][allow_failure]=${raw}`) as { actions: { allow_failure: unknown }[] }).actions[0]!.allow_failure;

  it.each([["0", 0], ["6", 6], ["-12", -12], ["9007199254740991", 9007199254740991]])("turns %j into a number where the schema wants an integer", (raw, expected) => {
    expect(lengthOf(raw)).toBe(expected);
  });

  it.each(["%2B12", "+12+", "%2012%20", "0x10", "Infinity", "012", "-0", "1.0", "1e3", "", "NaN", "12abc"])("leaves %j a string, for the validator to refuse", (raw) => {
    const text = new URLSearchParams(`x=${raw}`).get("x")!;
    expect(lengthOf(raw)).toBe(text);
    const flow = { name: "n", actions: [{ id: "a", type: "OTP", action: "GENERATE_CODE", params: { reference: "r", length: text } }] };
    expect(validateCreateFlowRequest(flow)).toMatchObject({ ok: false, issues: [{ code: "invalid_type", path: "/actions/0/params/length" }] });
  });

  it("refuses an integer too large to be exact instead of rounding it", () => {
    const result = decodeFormBody("actions[0][type]=OTP&actions[0][action]=GENERATE_CODE&actions[0][params][length]=12345678901234567890");
    expect(issueOf(result)).toMatchObject({ code: "out_of_range", path: "/actions/0/params/length" });
  });

  it("turns only true and false into booleans", () => {
    expect(flagOf("true")).toBe(true);
    expect(flagOf("false")).toBe(false);
    for (const raw of ["TRUE", "1", "yes", "on", ""]) expect(flagOf(raw)).toBe(raw);
  });

  it("leaves a number a string where the schema also accepts a string", () => {
    expect(valueOf("actions[0][type]=FLOW&actions[0][action]=DELAY_FLOW&actions[0][params][number]=5")).toEqual({ actions: [{ type: "FLOW", action: "DELAY_FLOW", params: { number: "5" } }] });
  });
});

describe("what it refuses", () => {
  it.each([
    ["a field given twice", "name=a&name=b", "repeated_field", "/name"],
    ["an action field given twice", "actions[0][id]=a&actions[0][id]=a", "repeated_field", "/actions/0/id"],
    ["a field without =", "name", "invalid_syntax", ""],
    ["an empty field in the middle", "name=a&&actions[0][id]=b", "invalid_syntax", ""],
    ["a trailing &", "name=a&", "invalid_syntax", ""],
    ["a leading &", "&name=a", "invalid_syntax", ""],
    ["an empty name", "=a", "invalid_syntax", ""],
    ["empty brackets", "actions[]=a", "invalid_syntax", ""],
    ["an unclosed bracket", "actions[0=a", "invalid_syntax", ""],
    ["text after a bracket", "actions[0]x=a", "invalid_syntax", ""],
    ["a nested bracket", "actions[[0]]=a", "invalid_syntax", ""],
    ["a bad percent escape", "name=%zz", "invalid_encoding", ""],
    ["a truncated percent escape", "name=%4", "invalid_encoding", ""],
    ["bytes that are not UTF-8", "name=%C3%28", "invalid_encoding", ""],
    ["an encoded lone surrogate", "name=%ED%A0%80", "invalid_encoding", ""],
    ["a raw space", "name=a b", "invalid_encoding", ""],
    ["a raw = inside a value", "name=a=b", "invalid_encoding", ""],
    ["a raw non-ASCII character", "name=é", "invalid_encoding", ""],
    ["a raw control character", "name=a\tb", "invalid_encoding", ""],
    ["a value that is also a container", "name=a&name[x]=b", "conflicting_field", "/name"],
    ["a container that is also a value", "name[x]=b&name=a", "conflicting_field", "/name"],
    ["a list index with a gap", "actions[0][id]=a&actions[2][id]=b", "conflicting_field", "/actions"],
    ["a list index with a leading zero", "actions[01][id]=a", "conflicting_field", "/actions"],
    ["a huge list index", "actions[999999999][id]=a", "conflicting_field", "/actions"],
    ["a name where a list index belongs", "actions[first][id]=a", "conflicting_field", "/actions"],
  ])("%s", (_name, text, code, path) => {
    expect(issueOf(decodeFormBody(text))).toMatchObject({ code, path });
  });

  it("refuses more fields than maxFields, without decoding any", () => {
    const text = Array.from({ length: 11 }, (_, i) => `f${i}=x`).join("&");
    expect(issueOf(decodeFormBody(text, { maxFields: 10 }))).toMatchObject({ code: "too_many_fields" });
    expect(decodeFormBody(text, { maxFields: 11 }).ok).toBe(true);
    expect(issueOf(decodeFormBody(Array.from({ length: 100_001 }, () => "a=b").join("&")))).toMatchObject({ code: "too_many_fields" });
  });

  it("accepts exactly maxKeyDepth brackets in a name and refuses one more", () => {
    expect(decodeFormBody(`a${"[x]".repeat(200)}=1`).ok).toBe(true);
    expect(issueOf(decodeFormBody(`a${"[x]".repeat(201)}=1`))).toMatchObject({ code: "too_deep", path: `/a${"/x".repeat(200)}` });
    expect(decodeFormBody("a[x][y]=1", { maxKeyDepth: 2 }).ok).toBe(true);
    expect(issueOf(decodeFormBody("a[x][y][z]=1", { maxKeyDepth: 2 }))).toMatchObject({ code: "too_deep", path: "/a/x/y" });
  });

  it("reports a name nested beyond the engine's stack as too_deep, with a reason", () => {
    const result = decodeFormBody(`a${"[x]".repeat(200_000)}=1`, { maxKeyDepth: 1_000_000 });
    expect(issueOf(result)).toMatchObject({ code: "too_deep" });
    expect(result.ok ? "" : result.issues[0]!.message).toMatch(/stack/);
  });

  it("refuses what is not a string, and bad options, without throwing", () => {
    for (const input of [undefined, null, 5, {}, ["name=a"], Symbol("x")]) expect(issueOf(decodeFormBody(input as never))?.code).toBe("invalid_type");
    expect(issueOf(decodeFormBody("a=b", { maxFields: -1 }))?.code).toBe("invalid_option");
    const throwing = new Proxy({}, { get: () => { throw new Error("no"); } });
    expect(issueOf(decodeFormBody("a=b", throwing as never))?.code).toBe("invalid_option");
  });

  it("keeps __proto__ and constructor as plain data, for the validator to refuse", () => {
    const value = valueOf("name=x&actions[0][__proto__][polluted]=1&actions[0][constructor]=y");
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const action = (value as { actions: object[] }).actions[0]!;
    expect(Object.getPrototypeOf(action)).toBe(Object.prototype);
    expect(Object.keys(action)).toEqual(["__proto__", "constructor"]);
    const result = validateCreateFlowRequest(value, { allErrors: true });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toContain("/actions/0/type");
  });

  it("collects several grammar issues at once", () => {
    const result = decodeFormBody("a=%zz&b&c=1&c=2");
    expect(result.ok ? [] : result.issues.map((i) => i.code)).toEqual(["invalid_encoding", "invalid_syntax", "repeated_field"]);
  });
});
