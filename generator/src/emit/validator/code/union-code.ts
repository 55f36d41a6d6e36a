/**
 * A union's check (`oneOf`: exactly one member matches; `anyOf`: at least one), with the verdicts of
 * JSON Schema, in two parts. The valid path decides with what costs least: the members' boolean
 * tests (exact for scalars and bare types) and, for an object member whose required properties are
 * all there, its check; a value one member fits returns having built nothing that stays. Only a
 * union that fails is evaluated in full, by the runtime (`unionCheck`, union.ts) from a list of its
 * members: a member whose type does not fit is not run (its one error would be its type), the
 * others leave their errors, and they are folded into one error that the issue mapping turns into
 * the issue of the member the value was meant for.
 *
 * A FlowAction inside a union is refused: the union could discard the errors of the actions in it,
 * which the issue cap (nested-action.ts) must be able to count on.
 */
import type { SchemaNode, UnionNode } from "../../../ir/model.js";
import { FLOW_ACTION } from "../../../spec-language/schema-node.js";
import type { CodeContext } from "./code-context.js";
import { scalarTypeTest } from "./scalar-code.js";
import { isObjectTest, literal, propertyAccess } from "./sites.js";
import { internalError } from "../../../base/internal-error.js";

function holdsFlowAction(m: CodeContext, node: SchemaNode, seen: Set<string> = new Set()): boolean {
  switch (node.kind) {
    case "ref":
      if (node.target === FLOW_ACTION) return true;
      if (seen.has(node.target)) return false;
      seen.add(node.target);
      return holdsFlowAction(m, m.record(node.target).schema, seen);
    case "object":
      return node.properties.some((p) => holdsFlowAction(m, p.schema, seen)) || (typeof node.additional !== "boolean" && holdsFlowAction(m, node.additional, seen));
    case "array":
      return holdsFlowAction(m, node.items, seen);
    case "union":
      return node.members.some((member) => holdsFlowAction(m, member, seen));
    default:
      return false;
  }
}

/** The test that the member's type fits `v`, and that type's name; null when the member must always run. */
function typeTest(m: CodeContext, member: SchemaNode): { readonly test: string; readonly type: string } | null {
  const node = m.resolve(member);
  switch (node.kind) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return scalarTypeTest(node, "v");
    case "null":
      return { test: "v === null", type: "null" };
    case "object":
      return { test: isObjectTest("v"), type: "object" };
    case "array":
      return { test: "Array.isArray(v)", type: "array" };
    default:
      return null;
  }
}

/**
 * What the runtime's `unionCheck` needs of a member: what to run (property-errors.ts; 0 for a bare
 * object or list, whose type is all there is to check) and the name of the type that must fit
 * before it runs ("" when it always runs).
 */
function memberEntry(m: CodeContext, member: SchemaNode, i: number, union: string): { readonly check: string; readonly type: string } {
  const node = m.resolve(member);
  const bare = (node.kind === "object" || node.kind === "array") && !m.needsFunction(node);
  return { check: bare ? "0" : m.errorEntry(member, `${union}_${i}`), type: typeTest(m, member)?.type ?? "" };
}

/**
 * What the valid path knows of a member before running it: an exact boolean test (scalars, bare
 * types), or a test that must hold for the member to pass (an object has its required properties),
 * after which its check runs.
 */
function memberFastTest(m: CodeContext, member: SchemaNode, union: string, i: number): { readonly exact: string } | { readonly necessary: string; readonly run: string } {
  const exact = m.quickTest(member, "v");
  if (exact !== null) return { exact };
  const node = m.resolve(member);
  const run = `${m.functionFor(member, `${union}_${i}`)}(v, c) === 0`;
  if (node.kind === "object") {
    const required = node.properties.filter((p) => p.required).map((p) => ` && ${literal(p.name)} in v && Object.prototype.hasOwnProperty.call(v, ${literal(p.name)}) && v${propertyAccess(p.name)} !== undefined`);
    return { necessary: `${isObjectTest("v")}${required.join("")}`, run };
  }
  return { necessary: typeTest(m, member)?.test ?? "true", run };
}

/** The union's verdict on `x` as one boolean expression, when every member has one; else null. */
export function exactUnionTest(m: CodeContext, node: UnionNode, x: string): string | null {
  const verdicts: string[] = [];
  for (const member of node.members) {
    const test = m.quickTest(member, x);
    if (test === null) return null;
    verdicts.push(`(${test})`);
  }
  const types = node.members.map((member) => typeTest(m, member)?.type ?? null);
  const exclusive = types.every((t) => t !== null) && new Set(types.map((t) => (t === "integer" ? "number" : t))).size === types.length;
  if (node.mode === "anyOf" || exclusive) return verdicts.join(" || ");
  return `(${verdicts.map((t) => `(${t} ? 1 : 0)`).join(" + ")}) === 1`;
}

/**
 * The valid path: a value that one member fits (anyOf: any member) returns at once, having built
 * nothing when the members' tests say enough, and at most the errors of a member that was tried
 * and failed, which are dropped. Anything else goes on to the full evaluation below it.
 */
function fastPath(m: CodeContext, node: UnionNode, name: string): string[] {
  const exact = exactUnionTest(m, node, "v");
  if (exact !== null) return [`if (${exact}) return 0;`];
  const tests = node.members.map((member, i) => memberFastTest(m, member, name, i));
  const lines = ["{", "let k = 0, t = c.e.length;"];
  for (const t of tests) {
    const passes = "exact" in t ? t.exact : `(${t.necessary}) && (${t.run} || ((c.e.length = t), false))`;
    lines.push(node.mode === "anyOf" ? `if (${passes}) return unionPassed(c, t);` : `if (${passes}) k++;`);
  }
  if (node.mode === "oneOf") lines.push("if (k === 1) return unionPassed(c, t);");
  lines.push("unionPassed(c, t);", "}");
  return lines;
}

export function unionFunction(m: CodeContext, node: UnionNode, name: string): string {
  if (node.members.some((member) => holdsFlowAction(m, member))) throw internalError("a FlowAction inside a union is not supported (its errors could be discarded)");
  const members = node.members.map((member, i) => memberEntry(m, member, i, name));
  const full = `return unionCheck(c, v, ${literal(node.mode)}, [${members.map((x) => x.check).join(", ")}], ${literal(members.map((x) => x.type))});`;
  return `function ${name}(v, c) {\n${[...fastPath(m, node, name), full].join("\n")}\n}`;
}
