/**
 * The JSON Schema documents of the spec: `FlowAction` (every variant under `$defs`), then one per
 * record. `@flowspec/schema` publishes them; the validator compiles what they say, so both check
 * one definition.
 */
import type { SpecIR } from "../ir/model.js";
import { FLOW_ACTION } from "../spec-language/schema-node.js";
import { flowActionDocument } from "./flow-action-schema.js";
import { FILE_REFS, FLOW_ACTION_DOC_REFS, SCHEMA_DIALECT, schemaFileName, schemaId, toJsonSchema, type FlowActionRefStyle, type RefStyle } from "./to-json-schema.js";

export interface JsonSchemaDocument {
  readonly name: string;
  readonly fileName: string;
  readonly id: string;
  /** The spec files the document is built from, for its do-not-edit header. */
  readonly sources: readonly string[];
  /** `$schema`, `$id`, then the body. */
  readonly schema: Readonly<Record<string, unknown>>;
}

/** How the documents write their references: FlowAction's document, and each record's. */
export interface DocumentRefs {
  readonly flowAction: FlowActionRefStyle;
  readonly records: RefStyle;
}

/** The schema package's files: references are relative file names, or local inside FlowAction's document. */
export const SCHEMA_FILE_REFS: DocumentRefs = { flowAction: FLOW_ACTION_DOC_REFS, records: FILE_REFS };

/**
 * Every schema document, FlowAction first, then records by name. `refs`: the OpenAPI document's
 * components take the same documents with their references to other components (and with
 * `discriminator`, which its dialect has: see `RefStyle`).
 */
export function jsonSchemaDocuments(ir: SpecIR, refs: DocumentRefs = SCHEMA_FILE_REFS): JsonSchemaDocument[] {
  const doc = (name: string, sources: readonly string[], body: Record<string, unknown>): JsonSchemaDocument => ({
    name,
    fileName: schemaFileName(name),
    id: schemaId(name),
    sources,
    schema: { $schema: SCHEMA_DIALECT, $id: schemaId(name), ...body },
  });
  const flowActionSources = [ir.flowActions.source, ...ir.flowActions.types.map((t) => t.source)];
  const docs = [doc(FLOW_ACTION, flowActionSources, flowActionDocument(ir, refs.flowAction))];
  for (const record of ir.records) {
    const body = toJsonSchema(record.schema, refs.records);
    const examples = record.examples && record.examples.length > 0 ? { examples: record.examples } : {};
    docs.push(doc(record.name, [record.source], { title: record.name, ...body, ...examples }));
  }
  return docs;
}
