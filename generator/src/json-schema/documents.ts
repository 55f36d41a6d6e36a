/**
 * The JSON Schema documents of the spec: `FlowAction` (every variant under `$defs`), then one per
 * record. `@flowspec/schema` publishes them; the validator compiles what they say, so both check
 * one definition.
 */
import type { SpecIR } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import { flowActionDocument } from "./flow-action-schema.js";
import { FILE_REFS, SCHEMA_DIALECT, schemaFileName, schemaId, toJsonSchema } from "./to-json-schema.js";

export interface JsonSchemaDocument {
  readonly name: string;
  readonly fileName: string;
  readonly id: string;
  /** The spec files the document is built from, for its do-not-edit header. */
  readonly sources: readonly string[];
  /** `$schema`, `$id`, then the body. */
  readonly schema: Readonly<Record<string, unknown>>;
}

/**
 * Every schema document, FlowAction first, then records by name. `discriminators`: for the OpenAPI
 * document, whose dialect has the keyword (see `RefStyle`).
 */
export function jsonSchemaDocuments(ir: SpecIR, { discriminators = false } = {}): JsonSchemaDocument[] {
  const doc = (name: string, sources: readonly string[], body: Record<string, unknown>): JsonSchemaDocument => ({
    name,
    fileName: schemaFileName(name),
    id: schemaId(name),
    sources,
    schema: { $schema: SCHEMA_DIALECT, $id: schemaId(name), ...body },
  });
  const flowActionSources = [ir.flowActions.source, ...ir.flowActions.types.map((t) => t.source)];
  const docs = [doc(FLOW_ACTION, flowActionSources, flowActionDocument(ir, discriminators))];
  for (const record of ir.records) {
    const body = toJsonSchema(record.schema, { ...FILE_REFS, discriminators });
    const examples = record.examples && record.examples.length > 0 ? { examples: record.examples } : {};
    docs.push(doc(record.name, [record.source], { title: record.name, ...body, ...examples }));
  }
  return docs;
}
