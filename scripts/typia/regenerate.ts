/**
 * `npx tsx scripts/typia/regenerate.ts`: writes `scripts/typia/generated/validators.js`, the typia peer of the
 * validator benchmark, after `npm ci --prefix scripts/typia`.
 *
 * typia turns TypeScript types into validators at compile time. Its last line that works with a
 * classic TypeScript transformer, 12.x, needs TypeScript 5 (the workspace has 7, and npm cannot
 * install both for one project without refusing its peer rules), so it lives in this folder with its
 * own lockfile. This script writes the spec's types with typia's tags (lengths, bounds, patterns and
 * date formats) into a scratch folder, runs `typia generate` there, and bundles the result into one
 * ES module that still imports typia's small run-time helpers from this folder's node_modules. The
 * benchmark loads it when those are installed and says so when they are not.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { loadIr } from "../../generator/src/ir/load-ir.js";
import type { SchemaNode, SpecIR } from "../../generator/src/ir/model.js";

const HERE = fileURLToPath(new URL("./", import.meta.url));
const WORK = `${HERE}.work/`;
const literal = (value: unknown): string => JSON.stringify(value);

function tagged(base: string, tags: readonly (string | false)[]): string {
  const present = tags.filter((t): t is string => t !== false);
  return present.length === 0 ? base : `(${base} & ${present.join(" & ")})`;
}

function formatTag(ir: SpecIR, name: string): string {
  const format = ir.formats.find((f) => f.name === name)!;
  if (format.pattern !== undefined) return `tags.Pattern<${literal(format.pattern)}>`;
  return `tags.Format<${literal(format.builtin === "rfc3339-date" ? "date" : "date-time")}>`;
}

function typeOf(ir: SpecIR, node: SchemaNode): string {
  switch (node.kind) {
    case "string":
      if (node.const !== undefined) return literal(node.const);
      if (node.enum !== undefined) return node.enum.map(literal).join(" | ");
      return tagged("string", [
        node.minLength !== undefined && `tags.MinLength<${node.minLength}>`,
        node.maxLength !== undefined && `tags.MaxLength<${node.maxLength}>`,
        node.pattern !== undefined && `tags.Pattern<${literal(node.pattern)}>`,
        node.format !== undefined && formatTag(ir, node.format),
      ]);
    case "integer":
    case "number":
      if (node.enum !== undefined) return node.enum.map(literal).join(" | ");
      return tagged("number", [node.kind === "integer" && 'tags.Type<"int64">', node.minimum !== undefined && `tags.Minimum<${node.minimum}>`, node.maximum !== undefined && `tags.Maximum<${node.maximum}>`]);
    case "boolean":
      return node.const !== undefined ? literal(node.const) : "boolean";
    case "null":
      return "null";
    case "any":
      return "unknown";
    case "array":
      return `Array<${typeOf(ir, node.items)}>`;
    case "union":
      return `(${node.members.map((m) => typeOf(ir, m)).join(" | ")})`;
    case "ref":
      return node.target;
    case "object": {
      const fields = node.properties.map((p) => `${literal(p.name)}${p.required ? "" : "?"}: ${typeOf(ir, p.schema)};`);
      if (node.additional === true) fields.push("[key: string]: unknown;");
      else if (node.additional !== false) fields.push(`[key: string]: ${typeOf(ir, node.additional)};`);
      return `{ ${fields.join(" ")} }`;
    }
    default:
      throw new Error("unhandled node");
  }
}

function typesSource(ir: SpecIR): string {
  const lines = ['import type { tags } from "typia";'];
  for (const r of ir.records) lines.push(`export type ${r.name} = ${typeOf(ir, r.schema)};`);
  const variants = ir.flowActions.types.flatMap((t) => t.variants);
  for (const v of variants) {
    const common = ir.flowActions.common.map((p) => `${literal(p.name)}${p.required ? "" : "?"}: ${typeOf(ir, p.schema)};`);
    lines.push(`export interface ${v.name} { type: ${literal(v.type)}; action: ${literal(v.action)}; ${common.join(" ")} params${v.paramsRequired ? "" : "?"}: ${typeOf(ir, v.params)}; }`);
  }
  lines.push(`export type FlowAction = ${variants.map((v) => v.name).join(" | ")};`);
  return `${lines.join("\n")}\n`;
}

const VALIDATORS = `import typia from "typia";
import type { CreateFlowRequestContent } from "./flow.js";
export const equals = typia.createEquals<CreateFlowRequestContent>();
export const validateEquals = typia.createValidateEquals<CreateFlowRequestContent>();
`;

const TSCONFIG = { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, noEmit: true }, include: ["src"] };

function main(): void {
  const ir = loadIr({ specDir: fileURLToPath(new URL("../../spec", import.meta.url)) }).ir;
  if (!ir) throw new Error("the spec does not load");
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(`${WORK}src`, { recursive: true });
  writeFileSync(`${WORK}src/flow.ts`, typesSource(ir));
  writeFileSync(`${WORK}src/validators.ts`, VALIDATORS);
  writeFileSync(`${WORK}tsconfig.json`, JSON.stringify(TSCONFIG));
  const cli = `${HERE}node_modules/typia/lib/executable/typia.js`;
  execFileSync(process.execPath, [cli, "generate", "--input", "src", "--output", "gen", "--project", "tsconfig.json"], { cwd: WORK, stdio: "inherit" });
  const bundled = buildSync({
    entryPoints: [`${WORK}gen/validators.ts`],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "silent",
    banner: { js: `// Generated by scripts/typia/regenerate.ts with typia 12.2.1 from spec ${ir.version}. Do not edit.` },
  }).outputFiles[0]!.text;
  // Node resolves typia's helpers through its `exports`, which name them without `.js`.
  mkdirSync(`${HERE}generated`, { recursive: true });
  writeFileSync(`${HERE}generated/validators.js`, bundled);
  rmSync(WORK, { recursive: true, force: true });
  console.log(`wrote scripts/typia/generated/validators.js (${Math.round(bundled.length / 1024)} KiB)`);
}

main();
