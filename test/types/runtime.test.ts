/**
 * The constants at run time: the ESM and CommonJS entry points export the same names with the
 * same values, and those values are the spec's.
 */
import { createRequire } from "node:module";
import * as esm from "@flowspec/types";
import { describe, expect, it } from "vitest";
import { realIr } from "../support/spec-ir.js";

const cjs = createRequire(import.meta.url)("@flowspec/types") as Record<string, unknown>;
const ir = realIr();

describe("index.js and index.cjs", () => {
  it("export the same constants with the same values", () => {
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    for (const name of Object.keys(esm)) expect(cjs[name], name).toEqual((esm as Record<string, unknown>)[name]);
  });

  it("hold the 61 keys and 25 types of the spec", () => {
    expect(esm.FLOW_ACTION_KEYS).toHaveLength(61);
    expect(esm.FLOW_ACTION_TYPES).toHaveLength(25);
    expect(esm.FLOW_ACTION_KEYS).toEqual(ir.flowActions.types.flatMap((t) => t.variants.map((v) => `${v.type}:${v.action}`)));
    expect(esm.FLOW_ACTION_TYPES).toEqual(ir.flowActions.types.map((t) => t.type));
  });

  it("list each type's actions, which make up exactly the keys", () => {
    const fromActions = Object.entries(esm.FLOW_ACTION_ACTIONS).flatMap(([type, actions]) => actions.map((a) => `${type}:${a}`));
    expect(fromActions).toEqual([...esm.FLOW_ACTION_KEYS]);
    expect(Object.keys(esm.FLOW_ACTION_ACTIONS)).toEqual([...esm.FLOW_ACTION_TYPES]);
  });

  it("carry the spec's version, limits, errors, scopes and lifecycle labels", () => {
    expect(esm.SPEC_VERSION).toBe(ir.version);
    expect(Object.keys(esm.LIMITS)).toEqual(ir.limits.map((l) => l.id));
    expect(esm.LIMITS.flow_name_length).toMatchObject({ minLength: 1, maxLength: 150 });
    expect(esm.ERRORS.map((e) => [e.id, e.status, e.operations])).toEqual(ir.errors.map((e) => [e.id, e.status, e.operations]));
    expect(esm.OPERATION_SCOPES).toEqual(Object.fromEntries(ir.operations.map((op) => [op.id, op.scope ?? null])));
    expect(esm.LIFECYCLE_LABELS).toEqual(ir.lifecycle.map((l) => l.label));
  });
});
