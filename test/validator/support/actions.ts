/**
 * Flow actions for tests: a variant's object schema as the spec defines it (type and action fixed,
 * the common fields, params), and its realistic valid value from the spec's example.
 */
import type { ObjectNode, SpecIR, Variant } from "../../../generator/src/ir/model.js";
import { validValue, type Json } from "./values.js";

export function actionNode(ir: SpecIR, v: Variant): ObjectNode {
  const fixed = (name: string, value: string) => ({ name, required: true, schema: { kind: "string" as const, const: value, loc: v.loc } });
  return {
    kind: "object",
    loc: v.loc,
    properties: [fixed("type", v.type), fixed("action", v.action), ...ir.flowActions.common, { name: "params", required: v.paramsRequired, schema: v.params }],
    additional: false,
  };
}

export function validAction(ir: SpecIR, v: Variant): { [key: string]: Json } {
  const params = (v.example as Json | undefined) ?? validValue(ir, v.params);
  return { id: `step_${v.anchor.replace(/[^A-Za-z0-9_-]/g, "_")}`, type: v.type, action: v.action, params };
}

/** A flow whose third action is `action`, after two valid ones, so paths are checked with an index. */
export function flowWith(action: Json): Json {
  const filler = { id: "filler", type: "FLOW", action: "DO_NOTHING" };
  return { name: "Spoiler test", actions: [filler, filler, action] };
}

/** The same action nested in the `else` list of a condition, second position. */
export function nestedFlowWith(action: Json): Json {
  const filler = { id: "filler", type: "FLOW", action: "DO_NOTHING" };
  return { name: "Nested spoiler test", actions: [{ id: "branch", type: "FLOW", action: "BOOLEAN_CONDITION", params: { if: true, then: [], else: [filler, action] } }] };
}
