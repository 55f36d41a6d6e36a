/**
 * Every validator the benchmark runs, each checking CreateFlowRequestContent as the spec describes
 * it, built in this process from the IR (zod, valibot, ArkType, TypeBox), from the published JSON
 * Schema (Ajv), or generated ahead (typia, see scripts/typia). Each peer has a valid-path call (the
 * verdict) and, where it has one, its error report on invalid input, built in full: issues with
 * messages for ours, `errors` for Ajv, the error list of each library.
 *
 * Where a library cannot say what the spec says, it gets the nearest thing: lengths count UTF-16
 * units except in Ajv and ours; typia and valibot have no code-point length; TypeBox's unions have no
 * discriminator, so it tries variants in order.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { scope, type } from "arktype";
import * as v from "valibot";
import { z } from "zod";
import { Type, FormatRegistry, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { ObjectNode, SchemaNode, SpecIR, Variant } from "../../generator/src/ir/model.js";
import { FLOW_ACTION } from "../../generator/src/spec-language/schema-node.js";
import { isRfc3339Date, isRfc3339DateTime } from "../../generator/runtime/validator/rfc3339.js";
import { handWrittenLimit } from "./limit.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const RECORD = "CreateFlowRequestContent";

export interface Peer {
  readonly name: string;
  /** The verdict on one input (the valid path). */
  readonly check: (input: unknown) => boolean;
  /** The error report in first-error mode (or the peer's only mode); returns how many errors. */
  readonly report?: (input: unknown) => number;
  /** The error report with every error; returns how many. */
  readonly reportAll?: (input: unknown) => number;
}

type Validate = (input: unknown, options?: { allErrors?: boolean }) => { ok: boolean; issues?: readonly { message: string }[] };

const ALL = Object.freeze({ allErrors: true });

/** A build of @flowspec/validator (this one, or an earlier one to compare with). */
export function packagePeer(name: string, validate: Validate): Peer {
  return {
    name,
    check: (input) => validate(input).ok,
    report: (input) => validate(input).issues?.length ?? 0,
    reportAll: (input) => validate(input, ALL).issues?.length ?? 0,
  };
}

class IrPeers {
  readonly variants: readonly Variant[];
  readonly formats = new Map<string, (s: string) => boolean>();
  readonly patterns = new Map<string, RegExp>();

  constructor(readonly ir: SpecIR) {
    this.variants = ir.flowActions.types.flatMap((t) => t.variants);
    for (const f of ir.formats) {
      if (f.pattern !== undefined) this.patterns.set(f.name, new RegExp(f.pattern, "u"));
      this.formats.set(f.name, f.pattern !== undefined ? (s) => this.patterns.get(f.name)!.test(s) : f.builtin === "rfc3339-date" ? isRfc3339Date : isRfc3339DateTime);
    }
  }

  record(name: string): SchemaNode {
    return this.ir.records.find((r) => r.name === name)!.schema;
  }
}

// ---- zod 4 -------------------------------------------------------------------------------------

function zodOf(p: IrPeers, node: SchemaNode, action: () => z.ZodType): z.ZodType {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return z.literal(node.const);
      if (node.enum !== undefined) return z.enum(node.enum as [string, ...string[]]);
      let s = z.string();
      if (node.minLength !== undefined) s = s.min(node.minLength);
      if (node.maxLength !== undefined) s = s.max(node.maxLength);
      if (node.pattern !== undefined) s = s.regex(new RegExp(node.pattern, "u"));
      const pattern = node.format === undefined ? undefined : p.patterns.get(node.format);
      if (pattern !== undefined) return s.regex(pattern);
      return node.format === undefined ? s : s.refine(p.formats.get(node.format)!);
    }
    case "integer":
    case "number": {
      let n = node.kind === "integer" ? z.number().int() : z.number();
      if (node.minimum !== undefined) n = n.min(node.minimum);
      if (node.maximum !== undefined) n = n.max(node.maximum);
      return n;
    }
    case "boolean":
      return node.const !== undefined ? z.literal(node.const) : z.boolean();
    case "null":
      return z.null();
    case "any":
      return z.unknown();
    case "array": {
      let a = z.array(zodOf(p, node.items, action));
      if (node.minItems !== undefined) a = a.min(node.minItems);
      if (node.maxItems !== undefined) a = a.max(node.maxItems);
      return a;
    }
    case "union":
      return z.union(node.members.map((m) => zodOf(p, m, action)) as unknown as [z.ZodType, z.ZodType]);
    case "ref":
      return node.target === FLOW_ACTION ? z.lazy(action) : zodOf(p, p.record(node.target), action);
    case "object": {
      const shape = Object.fromEntries(node.properties.map((x) => [x.name, x.required ? zodOf(p, x.schema, action) : zodOf(p, x.schema, action).optional()]));
      if (node.additional === false) return z.strictObject(shape);
      return node.additional === true ? z.looseObject(shape) : z.object(shape).catchall(zodOf(p, node.additional, action));
    }
    default:
      throw new Error("unhandled node");
  }
}

function zodPeer(p: IrPeers): Peer {
  let flowAction: z.ZodType = z.never();
  const variant = (x: Variant) => {
    const shape: Record<string, z.ZodType> = { type: z.literal(x.type), action: z.literal(x.action) };
    for (const c of p.ir.flowActions.common) shape[c.name] = c.required ? zodOf(p, c.schema, () => flowAction) : zodOf(p, c.schema, () => flowAction).optional();
    shape.params = x.paramsRequired ? zodOf(p, x.params, () => flowAction) : zodOf(p, x.params, () => flowAction).optional();
    return z.strictObject(shape);
  };
  const groups = p.ir.flowActions.types.map((t) => z.discriminatedUnion("action", t.variants.map(variant) as never));
  flowAction = z.discriminatedUnion("type", groups as never);
  const schema = zodOf(p, p.record(RECORD), () => flowAction);
  const report = (input: unknown) => schema.safeParse(input).error?.issues.length ?? 0;
  return { name: "zod 4, nested discriminatedUnion", check: (input) => schema.safeParse(input).success, report, reportAll: report };
}

// ---- valibot ------------------------------------------------------------------------------------

type VSchema = v.GenericSchema;

function valibotOf(p: IrPeers, node: SchemaNode, action: () => VSchema): VSchema {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return v.literal(node.const);
      if (node.enum !== undefined) return v.picklist(node.enum);
      const steps: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [];
      if (node.minLength !== undefined) steps.push(v.minLength(node.minLength));
      if (node.maxLength !== undefined) steps.push(v.maxLength(node.maxLength));
      if (node.pattern !== undefined) steps.push(v.regex(new RegExp(node.pattern, "u")));
      if (node.format !== undefined) {
        const pattern = p.patterns.get(node.format);
        steps.push(pattern !== undefined ? v.regex(pattern) : v.check(p.formats.get(node.format)!));
      }
      return steps.length === 0 ? v.string() : (v.pipe(v.string(), ...(steps as [v.PipeItem<string, string, v.BaseIssue<unknown>>])) as VSchema);
    }
    case "integer":
    case "number": {
      const steps: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [];
      if (node.kind === "integer") steps.push(v.integer());
      if (node.minimum !== undefined) steps.push(v.minValue(node.minimum));
      if (node.maximum !== undefined) steps.push(v.maxValue(node.maximum));
      return steps.length === 0 ? v.number() : (v.pipe(v.number(), ...(steps as [v.PipeItem<number, number, v.BaseIssue<unknown>>])) as VSchema);
    }
    case "boolean":
      return node.const !== undefined ? v.literal(node.const) : v.boolean();
    case "null":
      return v.null();
    case "any":
      return v.unknown();
    case "array": {
      const steps: v.PipeItem<unknown[], unknown[], v.BaseIssue<unknown>>[] = [];
      if (node.minItems !== undefined) steps.push(v.minLength(node.minItems));
      if (node.maxItems !== undefined) steps.push(v.maxLength(node.maxItems));
      const list = v.array(valibotOf(p, node.items, action));
      return steps.length === 0 ? list : (v.pipe(list, ...(steps as [v.PipeItem<unknown[], unknown[], v.BaseIssue<unknown>>])) as VSchema);
    }
    case "union":
      return v.union(node.members.map((m) => valibotOf(p, m, action)));
    case "ref":
      return node.target === FLOW_ACTION ? v.lazy(action) : valibotOf(p, p.record(node.target), action);
    case "object": {
      const entries = Object.fromEntries(node.properties.map((x) => [x.name, x.required ? valibotOf(p, x.schema, action) : v.optional(valibotOf(p, x.schema, action))]));
      if (node.additional === false) return v.strictObject(entries);
      return node.additional === true ? v.looseObject(entries) : v.objectWithRest(entries, valibotOf(p, node.additional, action));
    }
    default:
      throw new Error("unhandled node");
  }
}

function valibotPeer(p: IrPeers): Peer {
  let flowAction: VSchema = v.never();
  const variant = (x: Variant) => {
    const entries: Record<string, VSchema> = { type: v.literal(x.type), action: v.literal(x.action) };
    for (const c of p.ir.flowActions.common) entries[c.name] = c.required ? valibotOf(p, c.schema, () => flowAction) : v.optional(valibotOf(p, c.schema, () => flowAction));
    entries.params = x.paramsRequired ? valibotOf(p, x.params, () => flowAction) : v.optional(valibotOf(p, x.params, () => flowAction));
    return v.strictObject(entries);
  };
  const groups = p.ir.flowActions.types.map((t) => v.variant("action", t.variants.map(variant) as never));
  flowAction = v.variant("type", groups as never) as VSchema;
  const schema = valibotOf(p, p.record(RECORD), () => flowAction);
  return {
    name: "valibot, nested variant",
    check: (input) => v.is(schema, input),
    report: (input) => v.safeParse(schema, input, { abortEarly: true }).issues?.length ?? 0,
    reportAll: (input) => v.safeParse(schema, input).issues?.length ?? 0,
  };
}

// ---- ArkType ------------------------------------------------------------------------------------

type Definition = unknown;

/** The part of an ArkType type this file uses. */
interface ArkType {
  (input: unknown): unknown;
  allows(input: unknown): boolean;
  array(): ArkType;
  or(other: ArkType): ArkType;
}

function arkOf(p: IrPeers, node: SchemaNode): Definition {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return type.unit(node.const);
      if (node.enum !== undefined) return type.enumerated(...node.enum);
      let s = type.string;
      if (node.minLength !== undefined) s = s.atLeastLength(node.minLength);
      if (node.maxLength !== undefined) s = s.atMostLength(node.maxLength);
      if (node.pattern !== undefined) s = s.and(type(new RegExp(node.pattern, "u"))) as typeof s;
      if (node.format !== undefined) {
        const pattern = p.patterns.get(node.format);
        const check = p.formats.get(node.format)!;
        s = (pattern !== undefined ? s.and(type(pattern)) : s.narrow((x) => check(x))) as typeof s;
      }
      return s;
    }
    case "integer":
    case "number": {
      let n = node.kind === "integer" ? type("number.integer") : type.number;
      if (node.minimum !== undefined) n = n.atLeast(node.minimum);
      if (node.maximum !== undefined) n = n.atMost(node.maximum);
      return n;
    }
    case "boolean":
      return node.const !== undefined ? type.unit(node.const) : type.boolean;
    case "null":
      return type.null;
    case "any":
      return type.unknown;
    case "array":
      return node.items.kind === "ref" && node.items.target === FLOW_ACTION ? "FlowAction[]" : (arkOf(p, node.items) as ArkType).array();
    case "union":
      return node.members.map((m) => arkOf(p, m) as ArkType).reduce((a, b) => a.or(b));
    case "ref":
      return node.target === FLOW_ACTION ? "FlowAction" : arkOf(p, p.record(node.target));
    case "object":
      return arkObject(p, node);
    default:
      throw new Error("unhandled node");
  }
}

function arkObject(p: IrPeers, node: ObjectNode): Definition {
  const def: Record<string, Definition> = {};
  for (const x of node.properties) def[x.required ? x.name : `${x.name}?`] = arkOf(p, x.schema);
  if (node.additional === false) def["+"] = "reject";
  else if (node.additional !== true) def["[string]"] = arkOf(p, node.additional);
  // A definition that names FlowAction stays a plain object for the scope to resolve.
  return JSON.stringify(Object.values(def)).includes("FlowAction") ? def : type(def as never);
}

function arkTypePeer(p: IrPeers): Peer {
  const aliases: Record<string, Definition> = {};
  for (const x of p.variants) {
    const def: Record<string, Definition> = { "+": "reject", type: type.unit(x.type), action: type.unit(x.action) };
    for (const c of p.ir.flowActions.common) def[c.required ? c.name : `${c.name}?`] = arkOf(p, c.schema);
    def[x.paramsRequired ? "params" : "params?"] = arkOf(p, x.params);
    aliases[x.name] = def;
  }
  aliases.FlowAction = p.variants.map((x) => x.name).join(" | ");
  aliases[RECORD] = arkOf(p, p.record(RECORD));
  const types = scope(aliases as never).export() as unknown as Record<string, ArkType>;
  const schema = types[RECORD]!;
  const report = (input: unknown) => {
    const out = schema(input);
    return out instanceof type.errors ? [...out].map((e: { message: string }) => e.message).length : 0;
  };
  return { name: "ArkType", check: (input) => schema.allows(input), report, reportAll: report };
}

// ---- TypeBox ------------------------------------------------------------------------------------

/** TypeBox options without the keys the spec leaves out (exactOptionalPropertyTypes). */
function given(options: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(options).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
}

function typeboxOf(p: IrPeers, node: SchemaNode, self: TSchema): TSchema {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return Type.Literal(node.const);
      if (node.enum !== undefined) return Type.Union(node.enum.map((e) => Type.Literal(e)));
      const f = node.format === undefined ? undefined : p.ir.formats.find((x) => x.name === node.format);
      return Type.String(given({ minLength: node.minLength, maxLength: node.maxLength, pattern: f?.pattern ?? node.pattern, format: f && !f.pattern ? f.name : undefined }));
    }
    case "integer":
      return Type.Integer(given({ minimum: node.minimum, maximum: node.maximum }));
    case "number":
      return Type.Number(given({ minimum: node.minimum, maximum: node.maximum }));
    case "boolean":
      return node.const !== undefined ? Type.Literal(node.const) : Type.Boolean();
    case "null":
      return Type.Null();
    case "any":
      return Type.Unknown();
    case "array":
      return Type.Array(typeboxOf(p, node.items, self), given({ minItems: node.minItems, maxItems: node.maxItems }));
    case "union":
      return Type.Union(node.members.map((m) => typeboxOf(p, m, self)));
    case "ref":
      return node.target === FLOW_ACTION ? self : typeboxOf(p, p.record(node.target), self);
    case "object": {
      const props = Object.fromEntries(node.properties.map((x) => [x.name, x.required ? typeboxOf(p, x.schema, self) : Type.Optional(typeboxOf(p, x.schema, self))]));
      return Type.Object(props, { additionalProperties: typeof node.additional === "boolean" ? node.additional : typeboxOf(p, node.additional, self) });
    }
    default:
      throw new Error("unhandled node");
  }
}

function typeboxPeer(p: IrPeers): Peer {
  FormatRegistry.Set("date", isRfc3339Date);
  FormatRegistry.Set("date-time", isRfc3339DateTime);
  const flowAction = Type.Recursive((self) =>
    Type.Union(
      p.variants.map((x) => {
        const props: Record<string, TSchema> = { type: Type.Literal(x.type), action: Type.Literal(x.action) };
        for (const c of p.ir.flowActions.common) props[c.name] = c.required ? typeboxOf(p, c.schema, self) : Type.Optional(typeboxOf(p, c.schema, self));
        props.params = x.paramsRequired ? typeboxOf(p, x.params, self) : Type.Optional(typeboxOf(p, x.params, self));
        return Type.Object(props, { additionalProperties: false });
      }),
    ),
  );
  const compiled = TypeCompiler.Compile(typeboxOf(p, p.record(RECORD), flowAction));
  return {
    name: "TypeBox TypeCompiler",
    check: (input) => compiled.Check(input),
    report: (input) => (compiled.Errors(input).First() === undefined ? 0 : 1),
    reportAll: (input) => [...compiled.Errors(input)].length,
  };
}

// ---- Ajv, on the published JSON Schema ----------------------------------------------------------

function ajvPeer(p: IrPeers): Peer {
  const schemaDir = `${ROOT}packages/schema/`;
  const build = (allErrors: boolean): ValidateFunction => {
    const formats = Object.fromEntries([...p.formats].map(([name, check]) => [name, p.patterns.get(name) ?? check]));
    const ajv = new Ajv2020({ strict: false, discriminator: true, ownProperties: true, allErrors, formats });
    for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")).sort()) ajv.addSchema(JSON.parse(readFileSync(schemaDir + file, "utf8")) as object);
    return ajv.getSchema(`https://flowspec.dev/schema/${RECORD}.schema.json`)!;
  };
  const first = build(false);
  const all = build(true);
  return {
    name: "Ajv, nested discriminator",
    check: (input) => first(input) as boolean,
    report: (input) => (first(input) ? 0 : (first.errors?.length ?? 0)),
    reportAll: (input) => (all(input) ? 0 : (all.errors?.length ?? 0)),
  };
}

// ---- typia, generated ahead ---------------------------------------------------------------------

const TYPIA = `${ROOT}scripts/typia/`;

async function typiaPeer(): Promise<Peer | string> {
  if (!existsSync(`${TYPIA}node_modules/typia`)) return "typia skipped: run `npm ci --prefix scripts/typia` to install it";
  const module = (await import(`${TYPIA}validators.js`)) as { equals: (x: unknown) => boolean; validateEquals: (x: unknown) => { success: boolean; errors?: unknown[] } };
  const report = (input: unknown) => module.validateEquals(input).errors?.length ?? 0;
  return { name: "typia (equals, validateEquals)", check: module.equals, report, reportAll: report };
}

/** Every peer but the package itself; `notes` collects what could not be built. */
export async function irPeers(ir: SpecIR, notes: string[]): Promise<Peer[]> {
  const p = new IrPeers(ir);
  const limit = handWrittenLimit(ir, RECORD);
  const peers: Peer[] = [{ name: "hand-written limit (generated from the IR)", check: limit }];
  const typia = await typiaPeer();
  if (typeof typia === "string") notes.push(typia);
  else peers.push(typia);
  peers.push(typeboxPeer(p), ajvPeer(p), zodPeer(p), valibotPeer(p), arkTypePeer(p));
  return peers;
}
