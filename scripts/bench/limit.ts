/**
 * The benchmark's yardstick: the validator a careful person would write by hand for the same
 * constraints, generated here from the IR. It answers only valid or not: no error objects, no paths,
 * no options, no guard against shared objects or thrown getters. Everything else is what the spec
 * asks and the package does, with the same techniques: own properties only (one `for…in` pass per
 * object, whose own-key test V8 answers from the object's shape when the built-in is spelt out, and a
 * named load for a declared property the pass did not see, which may be own but not enumerable),
 * lengths in code points, formats by the same compiled matchers, finite numbers, a switch on `type`
 * then `action`, `maxDepth` nested actions. Its functions live in one closure (`new Function`), whose
 * variables V8 reads faster than an ES module's; that is part of what it measures.
 */
import type { ObjectNode, SchemaNode, SpecIR } from "../../generator/src/ir/model.js";
import { FLOW_ACTION } from "../../generator/src/spec-language/schema-node.js";
import { patternMatcher } from "../../generator/src/emit/validator/format-plan.js";
import { exceedsCodePoints, fallsShortOfCodePoints } from "../../generator/runtime/validator/code-points.js";
import { isRfc3339Date, isRfc3339DateTime } from "../../generator/runtime/validator/rfc3339.js";

const literal = (value: unknown): string => JSON.stringify(value);
const MAX_DEPTH = 32;

/** A declared property the key pass did not see may be own but not enumerable: one named load tells. */
function fallback(local: string, name: string): string {
  const access = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${literal(name)}]`;
  return `if (${local} === undefined) {\nconst t = v${access};\nif (t !== undefined && Object.prototype.hasOwnProperty.call(v, ${literal(name)})) ${local} = t;\n}`;
}

class LimitWriter {
  private readonly functions: string[] = [];
  private readonly names = new Map<string, string>();
  private readonly matchers: string[] = [];

  constructor(private readonly ir: SpecIR) {}

  private declare(key: string, make: (name: string) => string): string {
    const known = this.names.get(key);
    if (known !== undefined) return known;
    const name = `f${this.names.size}`;
    this.names.set(key, name);
    this.functions.push(make(name));
    return name;
  }

  private record(name: string): SchemaNode {
    return this.ir.records.find((r) => r.name === name)!.schema;
  }

  private matcher(pattern: string): string {
    return this.declare(`pattern:${pattern}`, (name) => `const ${name} = ${patternMatcher(pattern).source};`);
  }

  private format(name: string): string {
    const format = this.ir.formats.find((f) => f.name === name)!;
    if (format.builtin === "rfc3339-date") return "isDate";
    if (format.builtin === "rfc3339-date-time") return "isDateTime";
    return this.matcher(format.pattern!);
  }

  /** A boolean expression: `x` fits `node`; `d` is the action depth in scope. */
  test(node: SchemaNode, x: string): string {
    switch (node.kind) {
      case "string": {
        const parts = [`typeof ${x} === "string"`];
        if (node.const !== undefined) parts.push(`${x} === ${literal(node.const)}`);
        if (node.enum !== undefined) parts.push(`(${node.enum.map((e) => `${x} === ${literal(e)}`).join(" || ")})`);
        if (node.maxLength !== undefined) parts.push(`(${x}.length <= ${node.maxLength} || !exceeds(${x}, ${node.maxLength}))`);
        if (node.minLength !== undefined && node.minLength > 0) parts.push(`(${x}.length >= ${2 * node.minLength} || !fallsShort(${x}, ${node.minLength}))`);
        if (node.pattern !== undefined) parts.push(`${this.matcher(node.pattern)}(${x})`);
        if (node.format !== undefined) parts.push(`${this.format(node.format)}(${x})`);
        return parts.join(" && ");
      }
      case "integer":
      case "number": {
        const parts = [node.kind === "integer" ? `Number.isInteger(${x})` : `Number.isFinite(${x})`];
        if (node.const !== undefined) parts.push(`${x} === ${node.const}`);
        if (node.enum !== undefined) parts.push(`(${node.enum.map((e) => `${x} === ${e}`).join(" || ")})`);
        if (node.minimum !== undefined) parts.push(`${x} >= ${node.minimum}`);
        if (node.maximum !== undefined) parts.push(`${x} <= ${node.maximum}`);
        return parts.join(" && ");
      }
      case "boolean":
        return node.const !== undefined ? `${x} === ${node.const}` : `typeof ${x} === "boolean"`;
      case "null":
        return `${x} === null`;
      case "any":
        return "true";
      case "ref":
        if (node.target === FLOW_ACTION) return `action(${x}, d + 1)`;
        return this.test(this.record(node.target), x);
      case "object":
        if (node.properties.length === 0 && node.additional === true && node.minProperties === undefined && node.maxProperties === undefined) return `(typeof ${x} === "object" && ${x} !== null && !Array.isArray(${x}))`;
        return `${this.objectFunction(node)}(${x}, d)`;
      case "array":
        return `${this.arrayFunction(node)}(${x}, d)`;
      case "union": {
        const tests = node.members.map((m) => `(${this.test(m, x)})`);
        // Members of different JSON types cannot both pass: then oneOf is anyOf.
        if (node.mode === "anyOf" || this.disjoint(node.members)) return `(${tests.join(" || ")})`;
        return `((${tests.map((t) => `(${t} ? 1 : 0)`).join(" + ")}) === 1)`;
      }
      default:
        throw new Error("unhandled node");
    }
  }

  private baseType(node: SchemaNode): string | null {
    if (node.kind === "ref") return node.target === FLOW_ACTION ? "object" : this.baseType(this.record(node.target));
    if (node.kind === "integer") return "number";
    return node.kind === "union" || node.kind === "any" ? null : node.kind;
  }

  private disjoint(members: readonly SchemaNode[]): boolean {
    const types = members.map((m) => this.baseType(m));
    return types.every((t) => t !== null) && new Set(types).size === types.length;
  }

  objectFunction(node: ObjectNode, fixed?: string): string {
    const make = (name: string): string => {
      const props = node.properties;
      const locals = props.map((_, i) => `p${i}`);
      const other = node.additional === false ? "return false;" : node.additional === true ? "" : `{\nconst w = v[k];\nif (!(${this.test(node.additional, "w")})) return false;\n}`;
      const counts = node.minProperties !== undefined || node.maxProperties !== undefined;
      const cases = props.map((p, i) => `case ${literal(p.name)}: p${i} = v[k]; break;`);
      const loop = props.length === 0 && other === "" && !counts ? "" : `for (const k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)) continue;\n${counts ? "size++;\n" : ""}switch (k) {\n${cases.join("\n")}\ndefault: ${other}\n}\n}`;
      const body = [
        `if (typeof v !== "object" || v === null || Array.isArray(v)) return false;`,
        `let size = 0${locals.map((l) => `, ${l}`).join("")};`,
        loop,
        ...props.map((p, i) => fallback(`p${i}`, p.name)),
        node.maxProperties !== undefined ? `if (size > ${node.maxProperties}) return false;` : "",
        node.minProperties !== undefined ? `if (size < ${node.minProperties}) return false;` : "",
        ...props.map((p, i) => (p.required ? `if (p${i} === undefined || !(${this.test(p.schema, `p${i}`)})) return false;` : `if (p${i} !== undefined && !(${this.test(p.schema, `p${i}`)})) return false;`)),
        "return true;",
      ];
      return `function ${name}(v, d) {\n${body.filter((s) => s !== "").join("\n")}\n}`;
    };
    return fixed === undefined ? this.declare(JSON.stringify(node, (k, v: unknown) => (k === "loc" ? undefined : v)), make) : this.declare(fixed, make);
  }

  private arrayFunction(node: Extract<SchemaNode, { kind: "array" }>): string {
    return this.declare(JSON.stringify(node, (k, v: unknown) => (k === "loc" ? undefined : v)), (name) => {
      const body = [
        "if (!Array.isArray(v)) return false;",
        "const l = v.length;",
        node.maxItems !== undefined ? `if (l > ${node.maxItems}) return false;` : "",
        node.minItems !== undefined ? `if (l < ${node.minItems}) return false;` : "",
        `for (let i = 0; i < l; i++) {\nconst w = v[i];\nif (!(${this.test(node.items, "w")})) return false;\n}`,
        "return true;",
      ];
      return `function ${name}(v, d) {\n${body.filter((s) => s !== "").join("\n")}\n}`;
    });
  }

  /** The action: envelope fields in one pass, dispatch by switch, params one level deeper. */
  actionFunction(): string {
    const common = this.ir.flowActions.common;
    const names = ["type", "action", ...common.map((p) => p.name), "params"];
    const cases = names.map((n, i) => `case ${literal(n)}: a${i} = v[k]; break;`);
    const paramsAt = names.length - 1;
    const dispatch = this.ir.flowActions.types.map((t) => {
      const inner = t.variants.map((v) => {
        const check = this.test(v.params, `a${paramsAt}`);
        const params = v.paramsRequired ? `if (a${paramsAt} === undefined || !(${check})) return false;` : `if (a${paramsAt} !== undefined && !(${check})) return false;`;
        return `case ${literal(v.action)}: ${params} break;`;
      });
      return `case ${literal(t.type)}: switch (a1) {\n${inner.join("\n")}\ndefault: return false;\n}\nbreak;`;
    });
    const commonChecks = common.map((p, i) => (p.required ? `if (a${i + 2} === undefined || !(${this.test(p.schema, `a${i + 2}`)})) return false;` : `if (a${i + 2} !== undefined && !(${this.test(p.schema, `a${i + 2}`)})) return false;`));
    const body = [
      `if (d >= ${MAX_DEPTH} || typeof v !== "object" || v === null || Array.isArray(v)) return false;`,
      `let ${names.map((_, i) => `a${i}`).join(", ")};`,
      `for (const k in v) {\nif (!Object.prototype.hasOwnProperty.call(v, k)) continue;\nswitch (k) {\n${cases.join("\n")}\ndefault: return false;\n}\n}`,
      ...names.map((n, i) => fallback(`a${i}`, n)),
      ...commonChecks,
      `switch (a0) {\n${dispatch.join("\n")}\ndefault: return false;\n}`,
      "return true;",
    ];
    return `function action(v, d) {\n${body.join("\n")}\n}`;
  }

  source(root: string): string {
    const action = this.actionFunction();
    const check = this.test(this.record(root), "input");
    return `${this.functions.join("\n")}\n${action}\nreturn function limit(input) {\nconst d = -1;\nreturn ${check};\n};`;
  }
}

/** The hand-written limit for a record (flow actions at depth 0 are the record's list items). */
export function handWrittenLimit(ir: SpecIR, record: string): (input: unknown) => boolean {
  const source = new LimitWriter(ir).source(record);
  // The benchmark may evaluate code; the package never does.
  const factory = new Function("exceeds", "fallsShort", "isDate", "isDateTime", source) as (...helpers: unknown[]) => (input: unknown) => boolean;
  return factory(exceedsCodePoints, fallsShortOfCodePoints, isRfc3339Date, isRfc3339DateTime);
}
