/**
 * An object's check. One pass over its keys (`for…in`, own keys only) reads every declared property
 * into a local and notes any other key; V8 answers the own-key test inside such a loop from the
 * object's shape, so the pass allocates nothing and costs about what reading the properties would.
 * A declared property that the pass did not see is looked up once more as an own property (it may
 * be one that is not enumerable).
 *
 * Errors come in the order JSON Schema validators (Ajv) give them: the property count, then missing
 * required properties and unknown keys (object-keys.ts, called only when something is wrong), then
 * the values of the other keys of a map, then each declared property in schema order.
 */
import type { ObjectNode, SchemaNode } from "../../../ir/model.js";
import type { CheckModule } from "./check-module.js";
import { fail, identifier, isObjectTest, literal, LOOP_STOP, ownFallback, propertyPath, STOP, type Site } from "./sites.js";

/** A schema for the other keys, or true (any value) or false (none allowed). */
function otherKeys(node: ObjectNode): SchemaNode | boolean {
  if (typeof node.additional === "boolean") return node.additional;
  return node.additional.kind === "any" ? true : node.additional;
}

/** The names and required flags of the properties, as module constants (read only on failure). */
function keyTables(m: CheckModule, node: ObjectNode): { readonly names: string; readonly required: string } {
  const names = literal(node.properties.map((p) => p.name));
  const flags = literal(node.properties.map((p) => p.required));
  return {
    names: m.declare(`names:${names}`, "propertyNames", (name) => `const ${name} = ${names};`),
    required: m.declare(`required:${flags}`, "requiredFlags", (name) => `const ${name} = ${flags};`),
  };
}

/** The pass over the keys: declared values into locals, `u` set by any other key, `size` counted. */
function keyPass(node: ObjectNode, countSize: boolean, notesOthers: boolean): string {
  const count = countSize ? "size++;\n" : "";
  if (node.properties.length === 0) {
    const body = countSize ? `${count}u = 1;` : "u = 1;\nbreak;";
    return `for (const k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)) continue;\n${body}\n}`;
  }
  const cases = node.properties.map((p, i) => `case ${literal(p.name)}: v${i} = v[k]; break;`);
  const other = notesOthers ? "default: u = 1;" : "";
  return `for (const k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)) continue;\n${count}switch (k) {\n${[...cases, other].join("\n")}\n}\n}`;
}

function sizeChecks(node: ObjectNode, name: string): string[] {
  const site: Site = { value: "v", path: '""', stop: STOP, name };
  const checks: string[] = [];
  if (node.maxProperties !== undefined) checks.push(`if (size > ${node.maxProperties}) ${fail(site, "maxProperties", `{ limit: ${node.maxProperties} }`)}`);
  if (node.minProperties !== undefined) checks.push(`if (size < ${node.minProperties}) ${fail(site, "minProperties", `{ limit: ${node.minProperties} }`)}`);
  return checks;
}

function keyErrorsCall(m: CheckModule, node: ObjectNode, closed: boolean): string {
  const conditions = [...(closed ? ["u !== 0"] : []), ...node.properties.flatMap((p, i) => (p.required ? [`v${i} === undefined`] : []))];
  if (conditions.length === 0) return "";
  const tables = keyTables(m, node);
  const values = `[${node.properties.map((_, i) => `v${i}`).join(", ")}]`;
  return `if (${conditions.join(" || ")}) {\nif ((r = keyErrors(c, v, ${tables.names}, ${tables.required}, ${values}, ${closed})) !== 0 && (n += r, !c.a)) return n;\n}`;
}

/** The values of the keys a map does not declare, checked against its schema for other keys. */
function otherValues(m: CheckModule, node: ObjectNode, schema: SchemaNode, name: string): string {
  const check = m.check(schema, { value: "w", path: "keySegment(k)", stop: LOOP_STOP, name: `${name}_value` });
  if (check === "") return "";
  const declared = node.properties.map((p) => ` || k === ${literal(p.name)}`).join("");
  const loop = `for (const k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)${declared}) continue;\nconst w = v[k];\n${check}\n}`;
  return node.properties.length === 0 && node.minProperties === undefined && node.maxProperties === undefined ? loop : `if (u !== 0) ${loop}`;
}

function propertyChecks(m: CheckModule, node: ObjectNode, name: string): string[] {
  return node.properties.flatMap((p, i) => {
    const check = m.check(p.schema, { value: `v${i}`, path: propertyPath(p.name), stop: STOP, name: `${name}_${identifier(p.name)}` });
    return check === "" ? [] : [`if (v${i} !== undefined) {\n${check}\n}`];
  });
}

export function objectFunction(m: CheckModule, node: ObjectNode, name: string): string {
  const other = otherKeys(node);
  const closed = other === false;
  const countSize = node.minProperties !== undefined || node.maxProperties !== undefined;
  const mapOnly = node.properties.length === 0 && typeof other !== "boolean" && !countSize;
  const locals = ["n = 0", "r", "u = 0", ...(countSize ? ["size = 0"] : []), ...(node.properties.length > 0 ? ["t"] : []), ...node.properties.map((_, i) => `v${i}`)];
  const body = [
    `if (!(${isObjectTest("v")})) return reportError(c, "", "type", { type: "object" });`,
    `let ${locals.join(", ")};`,
    mapOnly ? "" : keyPass(node, countSize, other !== true),
    ...node.properties.map((p, i) => ownFallback(`v${i}`, p.name)),
    ...sizeChecks(node, name),
    keyErrorsCall(m, node, closed),
    typeof other === "boolean" ? "" : otherValues(m, node, other, name),
    ...propertyChecks(m, node, name),
    "return n;",
  ];
  return `function ${name}(v, c) {\n${body.filter((s) => s !== "").join("\n")}\n}`;
}
