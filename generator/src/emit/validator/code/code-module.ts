/**
 * The generated checks of the validator package, as one piece of module code: every schema node
 * becomes either code inline where its value is read (scalars, and objects or lists that only need
 * their type) or a function `(v, c) => number` declared once (objects with properties, lists,
 * unions, records). Functions are shared by structure, so a shape used by several variants is
 * written once, and are top-level declarations a bundler can drop when nothing uses them.
 *
 * Names and order follow the IR's order, so the output is the same on every run.
 */
import type { NamedRecord, SchemaNode, SpecIR } from "../../../ir/model.js";
import { recordsByName } from "../../../ir/lookups.js";
import type { CodeContext } from "./code-context.js";
import { forEachChild } from "../../../ir/schema-children.js";
import { FLOW_ACTION } from "../../../spec-language/schema-node.js";
import { patternMatcher } from "../format-plan.js";
import { arrayFunction } from "./array-code.js";
import { objectFunction } from "./object-code.js";
import { scalarCode, scalarSchema, scalarTest, type ScalarNode } from "./scalar-code.js";
import { call, callExpression, fail, identifier, isObjectTest, literal, typeParams, type Site } from "./sites.js";
import { exactUnionTest, unionFunction } from "./union-code.js";
import { internalError, unreachable } from "../../../base/internal-error.js";

/** The runtime function that checks a FlowAction in a list (depth, shared objects, thrown values). */
const LISTED_ACTION = "checkListedAction";
/** The generated function that checks one FlowAction. */
export const ACTION_CHECK = "checkFlowAction";

/** Unions of at most this many members are tested inline where their value is read, when they can be. */
const UNION_INLINE = 3;

const BUILTIN_FORMATS: Readonly<Record<string, string>> = { "rfc3339-date": "isRfc3339Date", "rfc3339-date-time": "isRfc3339DateTime" };

/** A node's structure without what does not change the check (positions, titles, descriptions, `minItems: 0`). */
function structureKey(node: SchemaNode): string {
  return JSON.stringify(node, (key, value: unknown) => (key === "loc" || key === "title" || key === "description" || (key === "minItems" && value === 0) ? undefined : value));
}

export class CodeModule implements CodeContext {
  private readonly declarations: string[] = [];
  private readonly names = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  /** The records by name (the spec check keeps names unique): every reference looks its record up. */
  private readonly records: ReadonlyMap<string, NamedRecord>;

  constructor(readonly ir: SpecIR) {
    this.records = recordsByName(ir);
  }

  /** The module text: every declaration, in the order they were made. */
  text(): string {
    return this.declarations.join("\n\n");
  }

  /**
   * Declares something once per key; `make` gets the name (already reserved, so recursion works). A
   * name already taken by another key gets a number.
   */
  declare(key: string, name: string, make: (name: string) => string): string {
    const known = this.names.get(key);
    if (known !== undefined) return known;
    const unique = this.unique(name);
    this.names.set(key, unique);
    this.declarations.push(make(unique));
    return unique;
  }

  private unique(name: string): string {
    const count = this.counters.get(name) ?? 0;
    this.counters.set(name, count + 1);
    return count === 0 ? name : `${name}${count + 1}`;
  }

  record(name: string): NamedRecord {
    const record = this.records.get(name);
    if (!record) throw internalError(`the validator needs the record ${name}, which the spec does not define`);
    return record;
  }

  /** The node a reference stands for (records only; FlowAction is the caller's business). */
  resolve(node: SchemaNode): SchemaNode {
    return node.kind === "ref" && node.target !== FLOW_ACTION ? this.resolve(this.record(node.target).schema) : node;
  }

  /** Whether a value of this schema can hold flow actions (so a shared subtree, as large as any list). */
  holdsActions(node: SchemaNode): boolean {
    if (node.kind === "ref") return node.target === FLOW_ACTION || this.holdsActions(this.record(node.target).schema);
    let found = false;
    forEachChild(node, (child) => {
      found ||= this.holdsActions(child);
    });
    return found;
  }

  /** The function that checks a format or a schema pattern (compiled to a loop or an automaton). */
  matcher(kind: "format" | "pattern", source: string): string {
    if (kind === "format") {
      const format = this.ir.formats.find((f) => f.name === source);
      if (!format) throw internalError(`format ${source} is not defined`);
      if (format.builtin !== undefined) return BUILTIN_FORMATS[format.builtin]!;
      if (format.pattern === undefined) throw internalError(`format ${source} has neither a pattern nor a builtin`);
      return this.compiledPattern(format.pattern, `${source}: the pattern`, `format_${identifier(source)}`);
    }
    return this.compiledPattern(source, `the pattern ${literal(source)}`, "pattern");
  }

  /** The comment sits inside the expression: the bundler keeps comments there, not before statements. */
  private compiledPattern(pattern: string, what: string, name: string): string {
    return this.declare(`pattern:${pattern}`, name, (declared) => {
      const m = patternMatcher(pattern);
      const how = m.how === "loop" ? "a char-code loop (see pattern-matcher.ts)" : "a deterministic automaton (see dfa-matcher.ts)";
      const pure = m.source.startsWith("(") ? "/* @__PURE__ */ " : "";
      return `const ${declared} = (\n// ${what} as ${how}\n${pure}${m.source}\n);`;
    });
  }

  /** Statements that check the site's value against `node`. */
  check(node: SchemaNode, site: Site): string {
    if (node.kind === "ref") {
      if (node.target === FLOW_ACTION) return callExpression(site, `${LISTED_ACTION}(c, ${site.value}, ${ACTION_CHECK})`);
      const target = this.record(node.target).schema;
      return this.needsFunction(target) ? call(site, this.recordFunction(node.target)) : this.check(target, site);
    }
    switch (node.kind) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
      case "null":
        return scalarCode(node, site, (kind, source) => this.matcher(kind, source), this.scalarConstant(node));
      case "any":
        return "";
      case "object":
        return this.needsFunction(node) ? call(site, this.functionFor(node, site.name)) : `if (!(${isObjectTest(site.value)})) ${fail(site, "type", typeParams("object"))}`;
      case "array":
        return this.needsFunction(node) ? call(site, this.functionFor(node, site.name)) : `if (!Array.isArray(${site.value})) ${fail(site, "type", typeParams("array"))}`;
      case "union":
        return call(site, this.functionFor(node, site.name));
      default: {
        const never: never = node;
        return unreachable(never, "node");
      }
    }
  }

  /** The constant `scalarErrors` reads for a scalar node, declared once per structure. */
  scalarConstant(node: ScalarNode): string {
    const schema = scalarSchema(node, (kind, source) => this.matcher(kind, source));
    return this.declare(`scalar:${schema}`, "scalarSchema", (name) => `const ${name} = ${schema};`);
  }

  /**
   * What the runtime runs for `node` on an error path (property-errors.ts): 0 when nothing can
   * fail, the node's constant when it is a scalar or a bare object or list (`scalarErrors` words
   * its errors), else its function. Not for FlowAction, which is checked through `${LISTED_ACTION}`.
   */
  errorEntry(node: SchemaNode, name: string): string {
    const target = this.resolve(node);
    switch (target.kind) {
      case "any":
        return "0";
      case "string":
      case "integer":
      case "number":
      case "boolean":
      case "null":
        return this.scalarConstant(target);
      case "object":
      case "array":
        if (!this.needsFunction(target)) return this.declare(`scalar:{ type: "${target.kind}" }`, "scalarSchema", (declared) => `const ${declared} = { type: ${literal(target.kind)} };`);
        break;
      case "ref":
        throw internalError("a FlowAction has no error entry (it is checked as a listed action)");
    }
    return this.functionFor(node, name);
  }

  /** A boolean expression with the verdict of `node` on `x`, when one is cheap (scalars, bare types); else null. */
  quickTest(node: SchemaNode, x: string): string | null {
    const target = this.resolve(node);
    switch (target.kind) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
      case "null":
        return scalarTest(target, x, (kind, source) => this.matcher(kind, source));
      case "any":
        return "true";
      case "object":
        return this.needsFunction(target) ? null : isObjectTest(x);
      case "array":
        return this.needsFunction(target) ? null : `Array.isArray(${x})`;
      case "union":
        // A short union inline: its test is about the size of the call it replaces.
        return target.members.length <= UNION_INLINE ? exactUnionTest(this, target, x) : null;
      default:
        return null;
    }
  }

  /** Objects with properties or limits, lists with item checks or limits, unions: a function each. */
  needsFunction(node: SchemaNode): boolean {
    switch (node.kind) {
      case "object":
        return node.properties.length > 0 || node.additional !== true || node.minProperties !== undefined || node.maxProperties !== undefined;
      case "array":
        return this.resolve(node.items).kind !== "any" || node.minItems !== undefined || node.maxItems !== undefined;
      case "union":
        return true;
      case "ref":
        return node.target === FLOW_ACTION || this.needsFunction(this.record(node.target).schema);
      default:
        return false;
    }
  }

  /** A record's check, named after it (`checkCreateFlowRequestContent`). */
  recordFunction(name: string): string {
    return this.functionFor(this.record(name).schema, `check${identifier(name)}`, `record:${name}`);
  }

  /**
   * The function that checks `node` (errors relative to its value), declared once per structure and
   * named after where it is first used (`checkFlowActionSlackPostMessageParams_attachments_item`).
   */
  functionFor(node: SchemaNode, name: string, key = structureKey(node)): string {
    if (node.kind === "ref") {
      if (node.target === FLOW_ACTION) return ACTION_CHECK;
      return this.recordFunction(node.target);
    }
    return this.declare(key, name, (declared) => {
      switch (node.kind) {
        case "object":
          return objectFunction(this, node, declared);
        case "array":
          return arrayFunction(this, node, declared);
        case "union":
          return unionFunction(this, node, declared);
        default:
          return `function ${declared}(v, c) {\nlet n = 0;\n${this.check(node, { value: "v", path: '""', stop: "!c.a", name: declared })}\nreturn n;\n}`;
      }
    });
  }
}
