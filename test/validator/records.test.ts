/**
 * The records behind the other public validators: the spec's examples are accepted, and every
 * spoiler derived from the record's schema gives exactly the expected first issue. Token requests
 * are checked through validateTokenRequest, which dispatches on `grant_type`.
 */
import { describe, expect, it } from "vitest";
import { loadIr } from "./support/spec.js";
import { spoilersOf } from "./support/spoilers.js";
import { validatorsOfRecords } from "../support/public-validators.js";
import { validator } from "./support/validator.js";
import type { Json } from "./support/values.js";

const ir = loadIr();

// The records a public validator checks, from the generator's list; a union (TokenRequest) has no
// spoilers of its own: its members are checked here through it, and its examples below.
const VALIDATORS = new Map([...validatorsOfRecords(ir)].filter(([name]) => ir.records.find((r) => r.name === name)?.schema.kind === "object"));

describe.each([...VALIDATORS])("%s", (name, validate) => {
  const record = ir.records.find((r) => r.name === name)!;
  const examples = (record.examples ?? []) as Json[];

  it("has realistic examples in the spec, and accepts them", () => {
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(validate(example)).toEqual({ ok: true, value: example });
  });

  const spoilers = spoilersOf(ir, record.schema, examples[0]!, "");
  // Through TokenRequest, another `grant_type` names no member: the union's unknown_variant, not the member's not_allowed.
  const dispatched = (s: (typeof spoilers)[number]) => (validate === validator.validateTokenRequest && s.path === "/grant_type" && s.code === "not_allowed" ? "unknown_variant" : s.code);
  it.each(spoilers.map((s) => [s.name, s] as const))("%s", (_name, s) => {
    const result = validate(s.value);
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.issues[0]).toMatchObject({ code: dispatched(s), path: s.path });
  });
});

it("accepts the TokenRequest examples, whatever their grant", () => {
  const record = ir.records.find((r) => r.name === "TokenRequest")!;
  expect(record.examples?.length).toBeGreaterThan(0);
  for (const example of record.examples ?? []) expect(validator.validateTokenRequest(example).ok).toBe(true);
});
