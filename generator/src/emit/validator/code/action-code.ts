/**
 * The check of one flow action, `checkFlowAction(v, c)`: one pass over the action's keys reads the
 * fields every action has, a table of `type` then `action` finds the variant (an unknown one is one
 * error listing what is allowed), then come the errors of the action object itself (JSON Schema's
 * order: required fields, unknown keys, each field) and last its params, checked by the variant's
 * params function one nesting level deeper. With all errors, both; otherwise the params only when
 * the rest is valid.
 */
import type { Property, SpecIR } from "../../../ir/model.js";
import type { CodeContext } from "./code-context.js";
import { ACTION_CHECK } from "./code-module.js";
import { internalError } from "../../../base/internal-error.js";
import { identifier, isObjectTest, literal, ownFallback, propertyPath, requiredFlags, STOP } from "./sites.js";

/** The fields of an action in schema order: the two tags, the common fields, params. */
function fields(ir: SpecIR): { readonly name: string; readonly property: Property | null }[] {
  return [
    { name: "type", property: null },
    { name: "action", property: null },
    ...ir.flowActions.common.map((p) => ({ name: p.name, property: p })),
    { name: "params", property: null },
  ];
}

function tables(m: CodeContext, ir: SpecIR): { readonly names: string; readonly withParams: string; readonly withoutParams: string } {
  const list = fields(ir);
  const required = (paramsRequired: boolean) => requiredFlags(list.map((f) => (f.name === "params" ? paramsRequired : f.property === null || f.property.required)));
  return {
    names: m.declare("action:fields", "actionFields", (name) => `const ${name} = ${literal(list.map((f) => f.name))};`),
    withParams: required(true),
    withoutParams: required(false),
  };
}

/** A name a literal's keys keep in order: not an array index (the spec language allows none). */
function orderedKey(name: string): string {
  if (/^(?:0|[1-9][0-9]*)$/.test(name)) throw internalError(`the action name ${name} would lose its place in the variant table`);
  return literal(name);
}

/**
 * `variants`: type → action → the params check of the variant (the runtime's `variantTable`, tags.ts).
 * Two Map lookups find the variant, and the same table lists what is allowed when they find nothing:
 * the names are written once. A switch on the type then the action was as fast on the mixed flows
 * of the benchmark and wrote every name twice (scripts/README.md).
 */
function variantTableConstant(m: CodeContext, ir: SpecIR): string {
  return m.declare("action:variants", "variants", (name) => {
    const types = ir.flowActions.types.map((t) => {
      const actions = t.variants.map((v) => `${orderedKey(v.action)}: ${m.functionFor(v.params, `check${identifier(v.paramsName)}`)}`);
      return `${orderedKey(t.type)}: { ${actions.join(", ")} }`;
    });
    return `const ${name} = /* @__PURE__ */ variantTable({ ${types.join(", ")} });`;
  });
}

/** `paramsOptional(type, action)`: the variant may leave params out (asked only when it does). */
function paramsOptionalFunction(m: CodeContext, ir: SpecIR): string {
  return m.declare("action:params-optional", "paramsOptional", (name) => {
    const optional = ir.flowActions.types.flatMap((t) => t.variants.filter((v) => !v.paramsRequired).map((v) => `(type === ${literal(v.type)} && action === ${literal(v.action)})`));
    return `function ${name}(type, action) {\nreturn ${optional.length === 0 ? "false" : optional.join(" || ")};\n}`;
  });
}

/**
 * The checks of the fields every action has: each one's quick test in one condition, and the
 * runtime's `propertyErrors` when one fails (property-errors.ts); a field without a quick test is
 * checked spelt out.
 */
function commonFieldChecks(m: CodeContext, list: ReturnType<typeof fields>, name: string, names: string): string[] {
  const quick = list.map((f, i) => (f.property === null ? null : m.quickTest(f.property.schema, `f${i}`)));
  if (list.some((f, i) => f.property !== null && quick[i] === null)) {
    return list.flatMap((f, i) => {
      if (f.property === null) return [];
      const check = m.check(f.property.schema, { value: `f${i}`, path: propertyPath(f.name), stop: STOP, name: `${name}_${identifier(f.name)}` });
      return check === "" ? [] : [`if (f${i} !== undefined) {\n${check}\n}`];
    });
  }
  const tests = quick.flatMap((test, i) => (test === null || test === "true" ? [] : [`(f${i} === undefined || ${test})`]));
  if (tests.length === 0) return [];
  const entries = list.map((f) => (f.property === null ? "0" : m.errorEntry(f.property.schema, `${name}_${identifier(f.name)}`)));
  return [`if (!(${tests.join(" && ")}) && (n += propertyErrors(c, ${names}, [${entries.join(", ")}], [${list.map((_, i) => `f${i}`).join(", ")}])) !== 0 && !c.a) return n;`];
}

export function actionFunction(m: CodeContext, ir: SpecIR): string {
  return m.declare("action:check", ACTION_CHECK, (name) => {
    const list = fields(ir);
    const local = (field: string) => `f${list.findIndex((f) => f.name === field)}`;
    const variants = variantTableConstant(m, ir);
    const optional = paramsOptionalFunction(m, ir);
    const t = tables(m, ir);
    const cases = list.map((f, i) => `case ${literal(f.name)}: f${i} = v[k]; break;`);
    const required = list.flatMap((f, i) => (f.property?.required === true ? [`f${i} === undefined`] : []));
    const params = local("params");
    const commonChecks = commonFieldChecks(m, list, name, t.names);
    const body = [
      `if (c.d >= c.x) return reportError(c, "", "maxDepth", { limit: c.x });`,
      `if (!(${isObjectTest("v")})) return typeError(c, "object");`,
      `let n = 0, r, u = 0, p, o = 0, ${list.map((_, i) => `f${i}`).join(", ")};`,
      `for (const k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)) continue;\nswitch (k) {\n${cases.join("\n")}\ndefault: u = 1;\n}\n}`,
      ownFallback("v", list.map((_, i) => `f${i}`), list.map((f) => f.name), t.names),
      `if ((p = ${variants}.get(${local("type")})?.get(${local("action")})) === undefined) return unknownVariant(c, ${variants}, ${local("type")}, ${local("action")});`,
      `if (${params} === undefined && ${optional}(${local("type")}, ${local("action")})) o = 1;`,
      `if ((u !== 0 || ${[...required, `(${params} === undefined && o === 0)`].join(" || ")}) && (n = keyErrors(c, v, ${t.names}, o === 0 ? ${t.withParams} : ${t.withoutParams}, [${list.map((_, i) => `f${i}`).join(", ")}])) !== 0 && !c.a) return n;`,
      ...commonChecks,
      `if (${params} !== undefined) {\nc.d++;\nr = p(${params}, c);\nc.d--;\nif (r !== 0) n += prefixLast(c, r, "/params");\n}`,
      "return n;",
    ];
    return `// FlowAction: one of the variants, chosen by type then action\nfunction ${name}(v, c) {\n${body.join("\n")}\n}`;
  });
}
