/**
 * A schema node's constraints in words, for JSDoc: what TypeScript cannot express (lengths,
 * formats, ranges, integers) and what it can but readers like to see spelled out (enums).
 */
import type { ArrayNode, Format, NumericNode, ObjectNode, SchemaNode, StringNode, UnionNode } from "../ir/model.js";
import { unreachable } from "../base/internal-error.js";

export interface ConstraintContext {
  readonly formats: readonly Format[];
  /** The schema of a named record, to describe a reference to a plain value record. */
  readonly record: (name: string) => SchemaNode | undefined;
  /** The reference's section of a format. */
  readonly formatLink: (name: string) => string;
  /** Inside a list of alternatives a format is named by its description, not its full syntax. */
  readonly brief?: boolean;
}

function literal(value: string | number): string {
  return `\`${JSON.stringify(value)}\``;
}

type Unit = readonly [one: string, many: string];
const CHARACTERS: Unit = ["character", "characters"];
const ITEMS: Unit = ["item", "items"];
const PROPERTIES: Unit = ["property", "properties"];

function count(n: number, [one, many]: Unit): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `1 to 150 characters`, `at most 30 characters`, … (a lower bound of 0 says nothing). */
function bounds(min: number | undefined, max: number | undefined, unit: Unit): string | undefined {
  const lower = min !== undefined && min > 0 ? min : undefined;
  if (lower !== undefined && max !== undefined) return lower === max ? `exactly ${count(max, unit)}` : `${lower} to ${count(max, unit)}`;
  if (max !== undefined) return `at most ${count(max, unit)}`;
  if (lower !== undefined) return `at least ${count(lower, unit)}`;
  return undefined;
}

function formatPhrase(name: string, ctx: ConstraintContext): string {
  const format = ctx.formats.find((f) => f.name === name);
  const head = `format [\`${name}\`](${ctx.formatLink(name)})`;
  if (format === undefined) return head;
  return `${head}: ${(ctx.brief === true ? format.description : format.syntax).replace(/\.$/, "")}`;
}

function stringPhrases(node: StringNode, ctx: ConstraintContext): string[] {
  const out: string[] = [];
  // A `const` needs no words: its literal type says it all.
  if (node.enum !== undefined) out.push(`one of ${node.enum.map(literal).join(", ")}`);
  const length = bounds(node.minLength, node.maxLength, CHARACTERS);
  if (length !== undefined) out.push(length);
  if (node.format !== undefined) out.push(formatPhrase(node.format, ctx));
  if (node.pattern !== undefined) out.push(`matches the pattern \`${node.pattern}\``);
  return out;
}

function numericPhrases(node: NumericNode): string[] {
  const out: string[] = [];
  if (node.kind === "integer") out.push("an integer");
  if (node.enum !== undefined) out.push(`one of ${node.enum.map(literal).join(", ")}`);
  const { minimum: min, maximum: max } = node;
  if (min !== undefined && max !== undefined) out.push(`from ${min} to ${max}`);
  else if (min !== undefined) out.push(`at least ${min}`);
  else if (max !== undefined) out.push(`at most ${max}`);
  return out;
}

function arrayPhrases(node: ArrayNode, ctx: ConstraintContext): string[] {
  const out: string[] = [];
  const items = bounds(node.minItems, node.maxItems, ITEMS);
  if (items !== undefined) out.push(items);
  const each = phrases(node.items, ctx);
  if (each.length > 0) out.push(`each item: ${each.join(", ")}`);
  return out;
}

function objectPhrases(node: ObjectNode, ctx: ConstraintContext): string[] {
  const out: string[] = [];
  const size = bounds(node.minProperties, node.maxProperties, PROPERTIES);
  if (size !== undefined) out.push(size);
  if (typeof node.additional === "object") {
    const each = phrases(node.additional, ctx);
    if (each.length > 0) out.push(`each value: ${each.join(", ")}`);
  }
  return out;
}

const KIND_NOUN: Readonly<Record<SchemaNode["kind"], string>> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "a boolean",
  null: "null",
  any: "any value",
  object: "an object",
  array: "an array",
  union: "a value",
  ref: "a value",
};

/** `either an integer (at least 0) or a string (at most 250 characters)`, when a member has constraints. */
function unionPhrases(node: UnionNode, ctx: ConstraintContext): string[] {
  const described = node.members.map((member) => {
    const own = phrases(member, { ...ctx, brief: true }).filter((p) => p !== "an integer");
    const noun = member.kind === "ref" ? `\`${member.target}\`` : KIND_NOUN[member.kind];
    return { text: own.length > 0 ? `${noun} (${own.join(", ")})` : noun, constrained: own.length > 0 };
  });
  if (!described.some((d) => d.constrained)) return [];
  const texts = described.map((d) => d.text);
  return [texts.length === 2 ? `either ${texts[0]} or ${texts[1]}` : `one of: ${texts.join(", ")}`];
}

/** Lower-case phrases, one per constraint; `describeConstraints` makes sentences of them. */
export function phrases(node: SchemaNode, ctx: ConstraintContext): string[] {
  switch (node.kind) {
    case "string":
      return stringPhrases(node, ctx);
    case "integer":
    case "number":
      return numericPhrases(node);
    case "array":
      return arrayPhrases(node, ctx);
    case "object":
      return objectPhrases(node, ctx);
    case "union":
      return unionPhrases(node, ctx);
    case "ref": {
      const target = ctx.record(node.target);
      // A reference to a plain value (VaultConnectionId) is described in place: hovers show one comment.
      return target !== undefined && target.kind !== "object" && target.kind !== "union" ? phrases(target, ctx) : [];
    }
    case "any":
      return [];
    case "boolean":
    case "null":
      return [];
    default:
      return unreachable(node, "schema node");
  }
}

/** The constraints as one paragraph of sentences, or undefined when there are none. */
export function describeConstraints(node: SchemaNode, ctx: ConstraintContext): string | undefined {
  const list = phrases(node, ctx);
  if (list.length === 0) return undefined;
  // A loop, not a `map` callback: V8 optimises this on a wide spec, and the callback was compiled into it.
  let text = "";
  for (let i = 0; i < list.length; i++) text += `${i > 0 ? " " : ""}${list[i]![0]!.toUpperCase()}${list[i]!.slice(1)}.`;
  return text;
}
