/**
 * An object's check. One pass over its keys (`for…in`, own keys only) reads every declared property
 * into a local and notes any other key; V8 answers the own-key test inside such a loop from the
 * object's shape, so the pass allocates nothing and costs about what reading the properties would.
 * A declared property that the pass did not see is read once more by name (it may be an own
 * property that is not enumerable); only if something is there does the runtime look at it.
 *
 * Errors come in the order JSON Schema validators (Ajv) give them: the property count, then missing
 * required properties and unknown keys (object-keys.ts, called only when something is wrong), then
 * the values of the other keys of a map, then each declared property in schema order. The code
 * that words them is the runtime's (property-errors.ts): the generated code decides the valid path
 * with inline tests and hands the rest over with tables, once per object rather than per property.
 */
import type { ObjectNode, SchemaNode } from "../../../ir/model.js";
import type { CodeContext } from "./code-context.js";
import { fail, identifier, isObjectTest, literal, LOOP_STOP, ownFallback, propertyPath, readable, requiredFlags, STOP, type Site } from "./sites.js";

/**
 * The locals every object function declares first, in this order, used or not: a minifier that
 * names locals by position then gives `k` and each `v<i>` the same short name in every function,
 * so the many objects that share property names compress to much less.
 */
const FIXED_LOCALS = ["n = 0", "r", "u = 0", "k"];

/** A schema for the other keys, or true (any value) or false (none allowed). */
function otherKeys(node: ObjectNode): SchemaNode | boolean {
  if (typeof node.additional === "boolean") return node.additional;
  return node.additional.kind === "any" ? true : node.additional;
}

/** The names of the properties, as a module constant (read only on failure). */
function namesTable(m: CodeContext, node: ObjectNode): string {
  const names = literal(node.properties.map((p) => p.name));
  return m.declare(`names:${names}`, "propertyNames", (name) => `const ${name} = ${names};`);
}

/** The pass over the keys: declared values into locals, `u` set by any other key, `size` counted. */
function keyPass(node: ObjectNode, countSize: boolean, notesOthers: boolean): string {
  const count = countSize ? "size++;\n" : "";
  if (node.properties.length === 0) {
    const body = countSize ? `${count}u = 1;` : "u = 1;\nbreak;";
    return `for (k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)) continue;\n${body}\n}`;
  }
  const cases = node.properties.map((p, i) => `case ${literal(p.name)}: v${i} = v[k]; break;`);
  const other = notesOthers ? "default: u = 1;" : "";
  return `for (k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)) continue;\n${count}switch (k) {\n${[...cases, other].join("\n")}\n}\n}`;
}

function sizeChecks(node: ObjectNode, name: string): string[] {
  const site: Site = { value: "v", path: '""', stop: STOP, name };
  const checks: string[] = [];
  if (node.maxProperties !== undefined) checks.push(`if (size > ${node.maxProperties}) ${fail(site, "maxProperties", `{ limit: ${node.maxProperties} }`)}`);
  if (node.minProperties !== undefined) checks.push(`if (size < ${node.minProperties}) ${fail(site, "minProperties", `{ limit: ${node.minProperties} }`)}`);
  return checks;
}

/**
 * The key errors, asked for only when a key is unknown or a required one missing. The count before
 * the call is 0, or errors were wanted in full: adding the call's count to it and stopping when it
 * found some is stopping when it did.
 */
function keyErrorsCall(m: CodeContext, node: ObjectNode, closed: boolean): string {
  const conditions = [...(closed ? ["u !== 0"] : []), ...node.properties.flatMap((p, i) => (p.required ? [`v${i} === undefined`] : []))];
  if (conditions.length === 0) return "";
  const values = `[${node.properties.map((_, i) => `v${i}`).join(", ")}]`;
  const args = [namesTable(m, node), requiredFlags(node.properties.map((p) => p.required)), values, ...(closed ? [] : ["false"])];
  return `if ((${conditions.join(" || ")}) && (n += keyErrors(c, v, ${args.join(", ")})) !== 0 && !c.a) return n;`;
}

/** The values of the keys a map does not declare, checked against its schema for other keys. */
function otherValues(m: CodeContext, node: ObjectNode, schema: SchemaNode, name: string): string {
  const check = m.check(schema, { value: "w", path: "keySegment(k)", stop: LOOP_STOP, name: `${name}_value` });
  if (check === "") return "";
  const declared = node.properties.map((p) => ` || k === ${literal(p.name)}`).join("");
  const loop = `for (k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)${declared}) continue;\nconst w = v[k];\n${check}\n}`;
  return node.properties.length === 0 && node.minProperties === undefined && node.maxProperties === undefined ? loop : `if (u !== 0) ${loop}`;
}

/** The checks of some properties written out in schema order; `present`: the required ones are known to be there. */
function spelledOut(m: CodeContext, node: ObjectNode, name: string, indexes: readonly number[], present = false): string[] {
  return indexes.flatMap((i) => {
    const p = node.properties[i]!;
    const stop = m.holdsActions(p.schema) ? LOOP_STOP : STOP;
    const check = m.check(p.schema, { value: `v${i}`, path: propertyPath(p.name), stop, name: `${name}_${identifier(p.name)}` });
    if (check === "") return [];
    return present && p.required ? [check] : [`if (v${i} !== undefined) {\n${check}\n}`];
  });
}

/**
 * The properties' checks. The valid path tests every property that has a quick test (scalars,
 * bare objects and lists) in one condition, then runs the checks of the others in schema order.
 * When a quick test fails, the runtime's `propertyErrors` takes over for all of them, in schema
 * order, with what the generator lists per property (property-errors.ts), instead of an error path
 * spelt out at each property. (An object holding a FlowAction keeps its checks spelt out: an action
 * has no such entry.)
 */
function propertyChecks(m: CodeContext, node: ObjectNode, name: string): string[] {
  const all = node.properties.map((_, i) => i);
  if (node.properties.some((p) => m.resolve(p.schema).kind === "ref")) return spelledOut(m, node, name, all);
  const quick = node.properties.map((p, i) => m.quickTest(p.schema, `v${i}`));
  const tests = quick.flatMap((test, i) => (test === null || test === "true" ? [] : [`(v${i} === undefined || ${test})`]));
  const rest = spelledOut(m, node, name, all.filter((i) => quick[i] === null));
  if (tests.length === 0) return rest;
  const entries = node.properties.map((p) => m.errorEntry(p.schema, `${name}_${identifier(p.name)}`));
  const values = `[${node.properties.map((_, i) => `v${i}`).join(", ")}]`;
  return [`if (!(${tests.join(" && ")})) return n + propertyErrors(c, ${namesTable(m, node)}, [${entries.join(", ")}], ${values});`, ...rest];
}

/**
 * A plain object (declared properties, other keys allowed or not, no count limits, no schema for
 * other keys), as most are: after the key pass, one condition tells whether anything is wrong or
 * unusual (a key unknown, a required property missing, a quick test failing, an optional property
 * the pass did not see but a read by name finds); if so, the runtime's `objectErrors` does the rest
 * of the object with the tables the generator passes (property-errors.ts). Else only the checks
 * without a quick test are left, spelt out.
 */
function plainObjectBody(m: CodeContext, node: ObjectNode, name: string, closed: boolean): string[] {
  const locals = node.properties.map((_, i) => `v${i}`);
  const quick = node.properties.map((p, i) => {
    const test = m.quickTest(p.schema, `v${i}`);
    return test === "true" ? null : test;
  });
  const wrong = node.properties.map((p, i) => {
    const test = quick[i];
    // Every quick test is false on undefined: for a required property it tells absence too.
    if (p.required) return test === null ? `v${i} === undefined` : `!(${test})`;
    return test === null ? `v${i} === undefined && ${readable("v", p.name)}` : `(v${i} === undefined ? ${readable("v", p.name)} : !(${test}))`;
  });
  const conditions = [...(closed ? ["u !== 0"] : []), ...wrong];
  const entries = node.properties.map((p) => m.errorEntry(p.schema, `${name}_${identifier(p.name)}`));
  const args = [literal(node.properties.map((p) => p.name)), requiredFlags(node.properties.map((p) => p.required)), `[${entries.join(", ")}]`, `[${locals.join(", ")}]`, ...(closed ? ["u"] : [])];
  const rest = spelledOut(m, node, name, locals.map((_, i) => i).filter((i) => quick[i] === null), true);
  return [
    `let ${[...FIXED_LOCALS, ...locals].join(", ")};`,
    keyPass(node, false, closed),
    `if (${conditions.join(" || ")}) return objectErrors(c, v, ${args.join(", ")});`,
    ...rest,
  ];
}

/** Objects `plainObjectBody` can write: with properties, none of them a FlowAction, no count limits, no schema for other keys. */
function isPlain(m: CodeContext, node: ObjectNode): boolean {
  const other = otherKeys(node);
  return node.properties.length > 0 && typeof other === "boolean" && node.minProperties === undefined && node.maxProperties === undefined && !node.properties.some((p) => m.resolve(p.schema).kind === "ref");
}

export function objectFunction(m: CodeContext, node: ObjectNode, name: string): string {
  const other = otherKeys(node);
  const closed = other === false;
  const typeCheck = `if (!(${isObjectTest("v")})) return typeError(c, "object");`;
  if (isPlain(m, node)) return `function ${name}(v, c) {\n${[typeCheck, ...plainObjectBody(m, node, name, closed), "return n;"].join("\n")}\n}`;
  const countSize = node.minProperties !== undefined || node.maxProperties !== undefined;
  const mapOnly = node.properties.length === 0 && typeof other !== "boolean" && !countSize;
  const locals = [...FIXED_LOCALS, ...node.properties.map((_, i) => `v${i}`), ...(countSize ? ["size = 0"] : [])];
  const body = [
    typeCheck,
    `let ${locals.join(", ")};`,
    mapOnly ? "" : keyPass(node, countSize, other !== true),
    node.properties.length === 0 ? "" : ownFallback("v", node.properties.map((_, i) => `v${i}`), node.properties.map((p) => p.name), namesTable(m, node)),
    ...sizeChecks(node, name),
    keyErrorsCall(m, node, closed),
    typeof other === "boolean" ? "" : otherValues(m, node, other, name),
    ...propertyChecks(m, node, name),
    "return n;",
  ];
  return `function ${name}(v, c) {\n${body.filter((s) => s !== "").join("\n")}\n}`;
}
