/**
 * Emitter: `packages/schema`, one JSON Schema (draft 2020-12) file per record, plus an index.
 * Later emitters read the same documents through `jsonSchemaDocuments`.
 */
import type { SpecIR } from "../../ir/model.js";
import { FLOW_ACTION } from "../../ir/names.js";
import { allSources, headerText, jsonText, packageJson, type GeneratedFile } from "../generated-file.js";
import { flowActionDocument } from "./flow-action-schema.js";
import { FILE_REFS, SCHEMA_DIALECT, schemaFileName, schemaId, toJsonSchema } from "./json-schema.js";

export interface JsonSchemaDocument {
  readonly name: string;
  readonly fileName: string;
  readonly id: string;
  readonly sources: readonly string[];
  readonly schema: Readonly<Record<string, unknown>>;
}

/** Every schema document, FlowAction first, then records by name. */
export function jsonSchemaDocuments(ir: SpecIR): JsonSchemaDocument[] {
  const doc = (name: string, sources: readonly string[], body: Record<string, unknown>): JsonSchemaDocument => ({
    name,
    fileName: schemaFileName(name),
    id: schemaId(name),
    sources,
    schema: { $comment: headerText(ir, sources), $schema: SCHEMA_DIALECT, $id: schemaId(name), ...body },
  });
  const flowActionSources = [ir.flowActions.source, ...ir.flowActions.types.map((t) => t.source)];
  const docs = [doc(FLOW_ACTION, flowActionSources, flowActionDocument(ir))];
  for (const record of ir.records) {
    const body = toJsonSchema(record.schema, FILE_REFS);
    const examples = record.examples && record.examples.length > 0 ? { examples: record.examples } : {};
    docs.push(doc(record.name, [record.source], { title: record.name, ...body, ...examples }));
  }
  return docs;
}

function formatsIndex(ir: SpecIR): Record<string, unknown> {
  return Object.fromEntries(
    ir.formats.map((f) => [f.name, f.pattern !== undefined ? { pattern: f.pattern, provenance: f.provenance } : { builtin: f.builtin, provenance: f.provenance }]),
  );
}

function readme(ir: SpecIR, docs: readonly JsonSchemaDocument[]): string {
  const rows = docs.map((d) => `| [\`${d.fileName}\`](./${d.fileName}) | \`${d.id}\` |`).join("\n");
  return `<!-- ${headerText(ir, allSources(ir))} -->

# @flowspec/schema

JSON Schema (draft 2020-12) for every record of the flows management and account self-service
spec, version ${ir.version}. Each file has an \`$id\`; references between files are relative file
names, so they resolve both by \`$id\` and by path.

Formats named here (\`flow-id\`, \`forms-expression\`, …) are not built into JSON Schema validators:
\`index.json\` lists a \`pattern\` for each, or names the RFC 3339 grammar it follows.

| file | \`$id\` |
| --- | --- |
${rows}
`;
}

export function emitSchema(ir: SpecIR): GeneratedFile[] {
  const docs = jsonSchemaDocuments(ir);
  const index = {
    $comment: headerText(ir, allSources(ir)),
    version: ir.version,
    schemas: Object.fromEntries(docs.map((d) => [d.name, { file: d.fileName, $id: d.id }])),
    formats: formatsIndex(ir),
  };
  const exports: Record<string, string> = { "./index.json": "./index.json", "./package.json": "./package.json" };
  for (const d of docs) exports[`./${d.fileName}`] = `./${d.fileName}`;
  return [
    ...docs.map((d) => ({ path: `schema/${d.fileName}`, contents: jsonText(d.schema) })),
    { path: "schema/index.json", contents: jsonText(index) },
    { path: "schema/README.md", contents: readme(ir, docs) },
    {
      path: "schema/package.json",
      contents: packageJson(ir, {
        name: "@flowspec/schema",
        description: "JSON Schema for the flows management and account self-service API.",
        type: "module",
        exports,
        files: ["*.json", "README.md"],
        sideEffects: false,
      }),
    },
  ];
}
