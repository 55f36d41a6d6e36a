/**
 * Every one of the 61 variants: the spec's realistic example is accepted, and every spoiler derived
 * from the IR (each required field removed, each bound crossed by one, each enumeration, constant
 * and format broken, the wrong type, an extra property) gives exactly the expected first issue, at
 * the top level of a flow, nested in a condition, and on its own.
 */
import { describe, expect, it } from "vitest";
import { actionNode, flowWith, nestedFlowWith, validAction } from "./support/actions.js";
import { allVariants, loadIr } from "./support/spec.js";
import { spoilersOf, type Spoiler } from "./support/spoilers.js";
import { validator, type ValidationResult } from "./support/validator.js";

const ir = loadIr();
const variants = allVariants(ir);

/** A broken `type` or `action` is a dispatch problem, reported with the union-aware codes. */
function expectedCode(s: Spoiler): string {
  if (s.code === "not_allowed" && s.path === "/type") return "unknown_type";
  if (s.code === "not_allowed" && s.path === "/action") return "unknown_action";
  return s.code;
}

function firstIssue(result: ValidationResult<unknown>): { code: string; path: string } | undefined {
  return result.ok ? undefined : result.issues[0];
}

it("covers the 61 variants of the spec", () => {
  expect(variants).toHaveLength(61);
  expect(new Set(variants.map((v) => v.key)).size).toBe(61);
});

describe.each(variants.map((v) => [v.key, v] as const))("%s", (_key, v) => {
  const action = validAction(ir, v);
  const spoilers = spoilersOf(ir, actionNode(ir, v), action, "");

  it("accepts the spec's example, alone, in a flow and nested", () => {
    expect(v.example).toBeDefined();
    expect(validator.validateFlowAction(action)).toEqual({ ok: true, value: action });
    expect(validator.validateCreateFlowRequest(flowWith(action)).ok).toBe(true);
    expect(validator.validateCreateFlowRequest(nestedFlowWith(action)).ok).toBe(true);
  });

  it("has spoilers for every required field and the closed object", () => {
    const removed = spoilers.filter((s) => s.code === "required" && s.path.split("/").length === 2).map((s) => s.path.slice(1));
    expect(removed).toEqual(expect.arrayContaining(["type", "action", "id"]));
    expect(spoilers.some((s) => s.code === "unknown_property" && s.path === "/zz_extra")).toBe(true);
  });

  it.each(spoilers.map((s) => [s.name, s] as const))("%s", (_name, s) => {
    const code = expectedCode(s);
    expect(firstIssue(validator.validateFlowAction(s.value))).toMatchObject({ code, path: s.path });
    expect(firstIssue(validator.validateCreateFlowRequest(flowWith(s.value)))).toMatchObject({ code, path: `/actions/2${s.path}` });
    expect(firstIssue(validator.validateCreateFlowRequest(nestedFlowWith(s.value)))).toMatchObject({ code, path: `/actions/0/params/else/1${s.path}` });
  });
});
