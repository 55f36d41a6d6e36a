/**
 * Field by field, the spec says what the vendor's public definition says: every variant, every
 * params field with its required flag, type and constraints, the common fields and the flow
 * records. The facts live beside the project (../shared/reference), not in it; a clone of the
 * project alone skips this file, and nothing here runs while the suite is collected, so the skip is
 * clean. FLOWSPEC_SHARED names another folder that holds `reference/`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { SpecIR, Variant } from "../../generator/src/ir/model.js";
import { fromIr, fromReference, referenceObject, type RefField } from "./canonical.js";
import { REPO_ROOT } from "../support/paths.js";

const REFERENCE = join(process.env.FLOWSPEC_SHARED ?? join(REPO_ROOT, "..", "shared"), "reference", "flow-actions.json");
const present = existsSync(REFERENCE);

interface ReferenceData {
  variants: { type: string; action: string; params_required: boolean; params: { additionalProperties: boolean | string; fields: RefField[]; oneOf?: { additionalProperties: boolean; fields: RefField[] }[] } }[];
  common_fields: { fields: RefField[] };
  other_schemas: Record<string, { additionalProperties: boolean; fields: RefField[] }>;
}

describe.skipIf(!present)("spec against the reference data", () => {
  const data = (present ? JSON.parse(readFileSync(REFERENCE, "utf8")) : {}) as ReferenceData;
  let ir: SpecIR | undefined;
  let variants = new Map<string, Variant>();
  // The spec is loaded when the tests run, not when the file is collected: a clone without the
  // reference loads nothing of the generator for this file (test/outside-in/bare-clone.test.ts).
  beforeAll(async () => {
    const { realIr } = await import("../support/spec-ir.js");
    ir = realIr();
    variants = new Map(ir.flowActions.types.flatMap((t) => t.variants).map((v) => [v.key, v]));
  });

  it("has exactly the reference's 61 (type, action) pairs", () => {
    expect([...variants.keys()].sort()).toEqual(data.variants.map((v) => `${v.type}:${v.action}`).sort());
  });

  it.each(present ? data.variants.map((v) => [`${v.type}:${v.action}`, v] as const) : [])("%s params match field by field", (key, ref) => {
    const v = variants.get(key)!;
    expect(v.paramsRequired).toBe(ref.params_required);
    const expected = ref.params.oneOf
      ? { t: "union", members: ref.params.oneOf.map((b) => referenceObject({ additionalProperties: b.additionalProperties, fields: b.fields })) }
      : referenceObject({ additionalProperties: ref.params.additionalProperties as boolean, fields: ref.params.fields });
    expect(fromIr(v.params, ir!.records)).toEqual(expected);
  });

  it("has the common action fields", () => {
    const fields = data.common_fields.fields.filter((f) => !["type", "action", "params"].includes(f.name!));
    const expected = Object.fromEntries(fields.map((f) => [f.name!, { required: f.required === true, schema: fromReference(f) }]));
    const actual = Object.fromEntries(ir!.flowActions.common.map((p) => [p.name, { required: p.required, schema: fromIr(p.schema, ir!.records) }]));
    expect(actual).toEqual(expected);
  });

  it.each(["CreateFlowRequestContent", "CreateFlowResponseContent", "ResourceServerScope"])("record %s matches field by field", (name) => {
    const ref = data.other_schemas[name]!;
    const record = ir!.records.find((r) => r.name === name)!;
    expect(fromIr(record.schema, ir!.records)).toEqual(referenceObject({ additionalProperties: ref.additionalProperties, fields: ref.fields }));
  });
});
