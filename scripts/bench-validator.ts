/**
 * `npx tsx scripts/bench-validator.ts`: the shipped validator against the usual ways to check the same
 * CreateFlowRequestContent, all built from this repository's spec and measured in one run:
 *
 * - @flowspec/validator (the baseline, 1.00);
 * - Ajv compiled at run time from packages/schema, as the published nested discriminator and as a
 *   flat `oneOf` of the 61 variants (both with `ownProperties`, the validator's semantics);
 * - zod 4 (nested discriminatedUnion) and TypeBox (TypeCompiler), built here from the IR.
 *
 * Cases: a valid 10-action flow, the same flow with one bad action, and 10 actions of the first and
 * of the last variant. Also the import time and first-call time (fresh processes) and the min+gzip
 * size of dist/index.js. Figures are ops/s and ratios to the baseline; rerun for stable numbers.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { Ajv2020 } from "ajv/dist/2020.js";
import { buildSync } from "esbuild";
import { z } from "zod";
import { Type, FormatRegistry, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { loadIr } from "../generator/src/load-ir.js";
import type { SchemaNode, SpecIR } from "../generator/src/ir/model.js";
import * as validator from "../packages/validator/dist/index.js";
import { isRfc3339Date, isRfc3339DateTime } from "../generator/runtime/validator/rfc3339.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SCHEMA_DIR = `${ROOT}packages/schema/`;
const DIST = `${ROOT}packages/validator/dist/index.js`;
const ir = loadIr({ specDir: `${ROOT}spec` }).ir!;
const variants = ir.flowActions.types.flatMap((t) => t.variants);
type Json = Record<string, unknown>;

// ---- inputs -------------------------------------------------------------------------------------

function action(key: string, i: number): Json {
  const v = variants.find((x) => x.key === key) ?? variants[0]!;
  return { id: `step_${i}`, type: v.type, action: v.action, params: structuredClone(v.example) };
}

const MIXED = ["STRIPE:ADD_TAX_ID", "FLOW:DELAY_FLOW", "HTTP:SEND_REQUEST", "FLOW:STORE_VARS", "AUTH0:SEND_EMAIL", "FLOW:ERROR_MESSAGE", "JSON:PARSE_JSON", "SLACK:POST_MESSAGE", "FLOW:RETURN_JSON", "FLOW:BOOLEAN_CONDITION"];
const valid = { name: "Onboarding", actions: MIXED.map(action) };
const oneBad = structuredClone(valid);
(oneBad.actions[6]!.params as Json).unexpected = true;
const first = { name: "First variant", actions: Array.from({ length: 10 }, (_, i) => action(variants[0]!.key, i)) };
const last = { name: "Last variant", actions: Array.from({ length: 10 }, (_, i) => action(variants[variants.length - 1]!.key, i)) };
const CASES: [string, unknown][] = [["valid 10", valid], ["1 bad of 10", oneBad], ["10 × first variant", first], ["10 × last variant", last]];

// ---- Ajv at run time ----------------------------------------------------------------------------

const FORMATS: Record<string, RegExp | ((s: string) => boolean)> = {};
for (const f of ir.formats) FORMATS[f.name] = f.pattern !== undefined ? new RegExp(f.pattern, "u") : f.builtin === "rfc3339-date" ? isRfc3339Date : isRfc3339DateTime;

function ajvBuild(flat: boolean): (data: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, discriminator: !flat, ownProperties: true, formats: FORMATS });
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith(".schema.json"))) {
    const schema = JSON.parse(readFileSync(SCHEMA_DIR + file, "utf8")) as Json;
    if (flat && file === "FlowAction.schema.json") {
      delete schema.discriminator;
      delete (schema.properties as Json).type;
      schema.oneOf = variants.map((v) => ({ $ref: `#/$defs/${v.name}` }));
    }
    ajv.addSchema(schema);
  }
  const validate = ajv.getSchema("https://flowspec.dev/schema/CreateFlowRequestContent.schema.json")!;
  return (data) => validate(data) as boolean;
}

// ---- zod 4 and TypeBox, from the IR -------------------------------------------------------------

function zodOf(node: SchemaNode, flowAction: () => z.ZodType): z.ZodType {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return z.literal(node.const);
      if (node.enum !== undefined) return z.enum(node.enum as [string, ...string[]]);
      let s = z.string();
      if (node.minLength !== undefined) s = s.min(node.minLength);
      if (node.maxLength !== undefined) s = s.max(node.maxLength);
      const f = node.format === undefined ? undefined : FORMATS[node.format];
      if (f instanceof RegExp) s = s.regex(f);
      return typeof f === "function" ? s.refine(f) : s;
    }
    case "integer":
    case "number": {
      let n = node.kind === "integer" ? z.number().int() : z.number();
      if (node.minimum !== undefined) n = n.min(node.minimum);
      if (node.maximum !== undefined) n = n.max(node.maximum);
      return n;
    }
    case "boolean":
      return z.boolean();
    case "null":
      return z.null();
    case "any":
      return z.unknown();
    case "array":
      return z.array(zodOf(node.items, flowAction));
    case "union":
      return z.union(node.members.map((m) => zodOf(m, flowAction)) as unknown as [z.ZodType, z.ZodType]);
    case "ref":
      return node.target === "FlowAction" ? z.lazy(flowAction) : zodOf(ir.records.find((r) => r.name === node.target)!.schema, flowAction);
    case "object": {
      const shape = Object.fromEntries(node.properties.map((p) => [p.name, p.required ? zodOf(p.schema, flowAction) : zodOf(p.schema, flowAction).optional()]));
      if (node.additional === false) return z.strictObject(shape);
      return node.additional === true ? z.looseObject(shape) : z.object(shape).catchall(zodOf(node.additional, flowAction));
    }
    default:
      throw new Error("unhandled");
  }
}

function zodBuild(): (data: unknown) => boolean {
  let flowAction: z.ZodType = z.never();
  const common = (v: (typeof variants)[number]) => {
    const shape: Record<string, z.ZodType> = { type: z.literal(v.type), action: z.literal(v.action) };
    for (const p of ir.flowActions.common) shape[p.name] = p.required ? zodOf(p.schema, () => flowAction) : zodOf(p.schema, () => flowAction).optional();
    shape.params = v.paramsRequired ? zodOf(v.params, () => flowAction) : zodOf(v.params, () => flowAction).optional();
    return z.strictObject(shape);
  };
  const groups = ir.flowActions.types.map((t) => z.discriminatedUnion("action", t.variants.map(common) as never));
  flowAction = z.discriminatedUnion("type", groups as never);
  const record = zodOf(ir.records.find((r) => r.name === "CreateFlowRequestContent")!.schema, () => flowAction);
  return (data) => record.safeParse(data).success;
}

/** TypeBox options without the keys the spec leaves out (exactOptionalPropertyTypes). */
function given(options: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(options).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
}

function typeboxOf(node: SchemaNode, self: TSchema): TSchema {
  switch (node.kind) {
    case "string": {
      if (node.const !== undefined) return Type.Literal(node.const);
      if (node.enum !== undefined) return Type.Union(node.enum.map((e) => Type.Literal(e)));
      const f = node.format === undefined ? undefined : ir.formats.find((x) => x.name === node.format);
      return Type.String(given({ minLength: node.minLength, maxLength: node.maxLength, pattern: f?.pattern, format: f && !f.pattern ? f.name : undefined }));
    }
    case "integer":
      return Type.Integer(given({ minimum: node.minimum, maximum: node.maximum }));
    case "number":
      return Type.Number(given({ minimum: node.minimum, maximum: node.maximum }));
    case "boolean":
      return Type.Boolean();
    case "null":
      return Type.Null();
    case "any":
      return Type.Unknown();
    case "array":
      return Type.Array(typeboxOf(node.items, self));
    case "union":
      return Type.Union(node.members.map((m) => typeboxOf(m, self)));
    case "ref":
      return node.target === "FlowAction" ? self : typeboxOf(ir.records.find((r) => r.name === node.target)!.schema, self);
    case "object": {
      const props = Object.fromEntries(node.properties.map((p) => [p.name, p.required ? typeboxOf(p.schema, self) : Type.Optional(typeboxOf(p.schema, self))]));
      return Type.Object(props, { additionalProperties: typeof node.additional === "boolean" ? node.additional : typeboxOf(node.additional, self) });
    }
    default:
      throw new Error("unhandled");
  }
}

function typeboxBuild(): (data: unknown) => boolean {
  FormatRegistry.Set("date", isRfc3339Date);
  FormatRegistry.Set("date-time", isRfc3339DateTime);
  const flowAction = Type.Recursive((self) =>
    Type.Union(
      variants.map((v) => {
        const props: Record<string, TSchema> = { type: Type.Literal(v.type), action: Type.Literal(v.action) };
        for (const p of ir.flowActions.common) props[p.name] = p.required ? typeboxOf(p.schema, self) : Type.Optional(typeboxOf(p.schema, self));
        props.params = v.paramsRequired ? typeboxOf(v.params, self) : Type.Optional(typeboxOf(v.params, self));
        return Type.Object(props, { additionalProperties: false });
      }),
    ),
  );
  const request = ir.records.find((r) => r.name === "CreateFlowRequestContent")!.schema;
  const compiled = TypeCompiler.Compile(typeboxOf(request, flowAction));
  return (data) => compiled.Check(data);
}

// ---- measuring ----------------------------------------------------------------------------------

function opsPerSecond(fn: (data: unknown) => unknown, data: unknown, ms = 250): number {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 100; i++) fn(data);
    n += 100;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

function coldStart(): { importMs: number; firstCallMs: number } {
  const script = `const t0 = performance.now(); const v = await import(${JSON.stringify(DIST)}); const t1 = performance.now();
v.validateCreateFlowRequest(${JSON.stringify(valid)}); const t2 = performance.now(); console.log(JSON.stringify([t1 - t0, t2 - t1]));`;
  const runs = Array.from({ length: 5 }, () => JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as [number, number]);
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { importMs: median(runs.map((r) => r[0])), firstCallMs: median(runs.map((r) => r[1])) };
}

function minGzipBytes(): number {
  const min = buildSync({ entryPoints: [DIST], bundle: false, minify: true, write: false, format: "esm", logLevel: "silent" }).outputFiles[0]!.text;
  return gzipSync(min, { level: 9 }).length;
}

function main(): void {
  const builds: [string, (data: unknown) => unknown][] = [
    ["@flowspec/validator", (d) => validator.validateCreateFlowRequest(d).ok],
    ["Ajv, nested discriminator", ajvBuild(false)],
    ["Ajv, flat oneOf", ajvBuild(true)],
    ["zod 4, nested discriminatedUnion", zodBuild()],
    ["TypeBox TypeCompiler", typeboxBuild()],
  ];
  for (const [name, fn] of builds) {
    const verdicts = CASES.map(([, data]) => Boolean(fn(data)));
    if (verdicts.join() !== "true,false,true,true") console.warn(`note: ${name} gives ${verdicts.join(", ")} on the four cases`);
  }
  const results = builds.map(([name]) => ({ name, ops: CASES.map(() => 0) }));
  for (let round = 0; round < 3; round++) {
    CASES.forEach(([, data], c) => builds.forEach(([, fn], b) => (results[b]!.ops[c] = Math.max(results[b]!.ops[c]!, opsPerSecond(fn, data)))));
  }
  const base = results[0]!.ops;
  console.log(`| build | ${CASES.map(([n]) => n).join(" | ")} |`);
  console.log(`| --- | ${CASES.map(() => "---").join(" | ")} |`);
  for (const r of results) console.log(`| ${r.name} | ${r.ops.map((o, c) => `${(o / base[c]!).toFixed(2)} (${Math.round(o).toLocaleString("en-US")}/s)`).join(" | ")} |`);
  const cold = coldStart();
  console.log(`\nimport ${cold.importMs.toFixed(1)} ms, first call ${cold.firstCallMs.toFixed(2)} ms, dist/index.js min+gzip ${(minGzipBytes() / 1024).toFixed(1)} KiB`);
}

main();
