/**
 * Whether an example value is valid against the schema node it illustrates, judged on the spec's
 * own schema nodes (JSON Schema semantics) so a wrong example is found before anything is emitted.
 * It stops at the first problem and says where it is, as a JSON Pointer inside the example. Each
 * member of a union is tried on the value, so nested unions multiply the work; examples are small
 * and written by hand, so that stays cheap.
 */
import { isRfc3339Date, isRfc3339DateTime } from "../../runtime/validator/rfc3339.js";
import { escapePointerToken } from "../load/yaml-positions.js";
import { FLOW_ACTION, type RawSchema } from "../spec-language/schema-node.js";
import { recordSchemas } from "./schema-walk.js";
import type { SpecSources } from "./spec-sources.js";

export interface ExampleProblem {
  /** Inside the example, e.g. `/customer_id`; empty for the example itself. */
  readonly pointer: string;
  readonly message: string;
}

type Check = (value: unknown, node: RawSchema, at: string) => ExampleProblem | undefined;

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

const TYPE_NOUNS: Readonly<Record<string, string>> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "a boolean",
  null: "null",
  array: "a list",
  object: "an object",
};

function hasType(value: unknown, type: string): boolean {
  const actual = jsonType(value);
  return actual === type || (type === "number" && actual === "integer");
}

/** What the spec's formats.yaml says a valid value of each format is. */
function formatTests(sources: SpecSources): Map<string, (text: string) => boolean> {
  const tests = new Map<string, (text: string) => boolean>();
  for (const [name, format] of Object.entries(sources.formats.data.formats)) {
    if (format.builtin === "rfc3339-date") tests.set(name, isRfc3339Date);
    else if (format.builtin === "rfc3339-date-time") tests.set(name, isRfc3339DateTime);
    else if (format.pattern !== undefined) tests.set(name, patternTest(format.pattern));
  }
  return tests;
}

/** A pattern the pattern rule rejects is that rule's to report; here it accepts everything. */
function patternTest(pattern: string): (text: string) => boolean {
  try {
    const regexp = new RegExp(pattern, "u");
    return (text) => regexp.test(text);
  } catch {
    return () => true;
  }
}

export class ExampleChecker {
  private readonly records: ReadonlyMap<string, RawSchema>;
  private readonly formats: Map<string, (text: string) => boolean>;
  private readonly patterns = new Map<string, (text: string) => boolean>();
  /** Each provider by its type (the first file that declares it, as a search of the list finds it). */
  private readonly providers = new Map<string, SpecSources["providers"][number]>();

  constructor(private readonly sources: SpecSources) {
    this.records = recordSchemas(sources);
    this.formats = formatTests(sources);
    for (const provider of sources.providers) if (!this.providers.has(provider.data.type)) this.providers.set(provider.data.type, provider);
  }

  /** The first problem of `value` against `node`, or undefined when it is valid. */
  readonly check: Check = (value, node, at) => {
    if (node.$ref !== undefined) return node.$ref === FLOW_ACTION ? this.action(value, at) : this.check(value, this.records.get(node.$ref) ?? {}, at);
    const members = node.oneOf ?? node.anyOf;
    if (members !== undefined) return this.union(value, members, node.oneOf !== undefined, at);
    return this.typed(value, node, at) ?? this.constants(value, node, at) ?? this.byType(value, node, at);
  };

  private typed(value: unknown, node: RawSchema, at: string): ExampleProblem | undefined {
    const type = node.type;
    // One type (almost every node) is tested without making a list of it.
    if (type === undefined || (typeof type === "string" ? hasType(value, type) : type.length === 0 || type.some((t) => hasType(value, t)))) return undefined;
    const types = typeof type === "string" ? [type] : type;
    return { pointer: at, message: `${show(value)} is ${TYPE_NOUNS[jsonType(value)]}, but the schema says ${types.map((t) => TYPE_NOUNS[t]).join(" or ")}` };
  }

  private constants(value: unknown, node: RawSchema, at: string): ExampleProblem | undefined {
    if (node.const !== undefined && value !== node.const) return { pointer: at, message: `${show(value)} is not the constant ${show(node.const)}` };
    if (node.enum !== undefined && !node.enum.some((v) => v === value)) return { pointer: at, message: `${show(value)} is not one of ${node.enum.map(show).join(", ")}` };
    return undefined;
  }

  private byType(value: unknown, node: RawSchema, at: string): ExampleProblem | undefined {
    if (typeof value === "string") return this.text(value, node, at);
    if (typeof value === "number") return this.number(value, node, at);
    if (Array.isArray(value)) return this.list(value, node, at);
    if (value !== null && typeof value === "object") return this.object(value as Record<string, unknown>, node, at);
    return undefined;
  }

  private text(value: string, node: RawSchema, at: string): ExampleProblem | undefined {
    // Code points, counted only for a node with a bound (the count copies the string).
    const length = node.minLength === undefined && node.maxLength === undefined ? 0 : [...value].length;
    if (node.minLength !== undefined && length < node.minLength) return { pointer: at, message: `${show(value)} is shorter than ${node.minLength} characters` };
    if (node.maxLength !== undefined && length > node.maxLength) return { pointer: at, message: `${show(value)} is longer than ${node.maxLength} characters` };
    if (node.pattern !== undefined && !this.pattern(node.pattern)(value)) return { pointer: at, message: `${show(value)} does not match the pattern ${show(node.pattern)}` };
    const format = node.format === undefined ? undefined : this.formats.get(node.format);
    if (format !== undefined && !format(value)) return { pointer: at, message: `${show(value)} is not of format ${node.format}` };
    return undefined;
  }

  private pattern(pattern: string): (text: string) => boolean {
    let test = this.patterns.get(pattern);
    if (test === undefined) this.patterns.set(pattern, (test = patternTest(pattern)));
    return test;
  }

  private number(value: number, node: RawSchema, at: string): ExampleProblem | undefined {
    if (node.minimum !== undefined && value < node.minimum) return { pointer: at, message: `${value} is below the minimum ${node.minimum}` };
    if (node.maximum !== undefined && value > node.maximum) return { pointer: at, message: `${value} is above the maximum ${node.maximum}` };
    return undefined;
  }

  private list(value: readonly unknown[], node: RawSchema, at: string): ExampleProblem | undefined {
    if (node.minItems !== undefined && value.length < node.minItems) return { pointer: at, message: `the list has fewer than ${node.minItems} items` };
    if (node.maxItems !== undefined && value.length > node.maxItems) return { pointer: at, message: `the list has more than ${node.maxItems} items` };
    if (node.items === undefined) return undefined;
    for (let i = 0; i < value.length; i++) {
      const problem = this.check(value[i], node.items, `${at}/${i}`);
      if (problem) return problem;
    }
    return undefined;
  }

  /** Plain loops over the keys: every object of every example passes here. */
  private object(value: Record<string, unknown>, node: RawSchema, at: string): ExampleProblem | undefined {
    const properties = node.properties ?? {};
    if (node.required !== undefined) {
      for (const key of node.required) if (!Object.hasOwn(value, key)) return { pointer: at, message: `the required property \`${key}\` is missing` };
    }
    const keys = Object.keys(value);
    if (node.minProperties !== undefined && keys.length < node.minProperties) return { pointer: at, message: `the object has fewer than ${node.minProperties} properties` };
    if (node.maxProperties !== undefined && keys.length > node.maxProperties) return { pointer: at, message: `the object has more than ${node.maxProperties} properties` };
    for (const key of keys) {
      const schema = Object.hasOwn(properties, key) ? properties[key] : node.additionalProperties;
      if (schema === undefined || schema === true) continue;
      const where = `${at}/${escapePointerToken(key)}`;
      if (schema === false) return { pointer: where, message: `\`${key}\` is not a property the schema declares (${Object.keys(properties).join(", ") || "none"})` };
      const problem = this.check(value[key], schema, where);
      if (problem) return problem;
    }
    return undefined;
  }

  private union(value: unknown, members: readonly RawSchema[], exactlyOne: boolean, at: string): ExampleProblem | undefined {
    const problems = members.map((member) => this.check(value, member, at));
    const matches = problems.filter((p) => p === undefined).length;
    if (matches === 0) {
      // The member that got furthest into the value says the most.
      const deepest = problems.reduce((a, b) => ((b?.pointer.length ?? 0) > (a?.pointer.length ?? 0) ? b : a));
      return { pointer: deepest!.pointer, message: `${deepest!.message} (no alternative of the union matches)` };
    }
    return exactlyOne && matches > 1 ? { pointer: at, message: `${show(value)} matches ${matches} alternatives of a oneOf, which allows exactly one` } : undefined;
  }

  /** A whole flow action, as BOOLEAN_CONDITION's `then` holds them: its variant's fields and params. */
  private action(value: unknown, at: string): ExampleProblem | undefined {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return { pointer: at, message: `${show(value)} is not a flow action object` };
    const action = value as Record<string, unknown>;
    const provider = typeof action.type === "string" ? this.providers.get(action.type) : undefined;
    if (provider === undefined) return { pointer: `${at}/type`, message: `${show(action.type)} is not a flow-action type` };
    const variant = provider.data.actions.find((a) => a.action === action.action);
    if (variant === undefined) return { pointer: `${at}/action`, message: `${show(action.action)} is not an action of ${provider.data.type}` };
    const { properties, required } = this.sources.common.data.common;
    const envelope: RawSchema = {
      type: "object",
      properties: { ...properties, type: {}, action: {}, ...(variant.params ? { params: variant.params } : {}) },
      required: [...required, ...(variant.params && !variant.paramsOptional ? ["params"] : [])],
      additionalProperties: false,
    };
    return this.check(action, envelope, at);
  }
}
