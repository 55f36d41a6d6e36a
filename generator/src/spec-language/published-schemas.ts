/**
 * The spec language as standalone JSON Schema documents, one per kind of spec file, published in
 * `@flowspec/generator/spec-schema/` so editors (yaml-language-server's `$schema` modeline) check a
 * spec while it is typed. They are the checker's own schemas: the schema node, which the checker
 * registers once under its own id, is inlined under `$defs`.
 */
import { SCHEMA_NODE } from "./schema-node.js";
import { FILE_SCHEMAS, type FileKind } from "./layout.js";

const DIALECT = "https://json-schema.org/draft/2020-12/schema";
const BASE = "https://flowspec.dev/spec-language/";

/** The published file name of each kind (its spec file's name where there is one). */
export const SPEC_SCHEMA_FILES: Readonly<Record<FileKind, string>> = {
  root: "flowspec.schema.json",
  formats: "formats.schema.json",
  records: "records.schema.json",
  common: "flow-actions-common.schema.json",
  provider: "flow-actions.schema.json",
  operations: "operations.schema.json",
  authentication: "authentication.schema.json",
  errors: "errors.schema.json",
  rateLimits: "rate-limits.schema.json",
  limits: "limits.schema.json",
  disagreements: "disagreements.schema.json",
};

const TITLES: Readonly<Record<FileKind, string>> = {
  root: "spec/flowspec.yaml: spec version, servers, interfaces, lifecycle labels",
  formats: "spec/formats.yaml: string formats, their syntax and provenance",
  records: "spec/records/*.yaml: request and response records",
  common: "spec/flow-actions/_common.yaml: the fields every flow action has",
  provider: "spec/flow-actions/<type>.yaml: one flow-action type and its actions",
  operations: "spec/operations.yaml: the operations",
  authentication: "spec/authentication.yaml: security schemes and authentication rules",
  errors: "spec/errors.yaml: the error table",
  rateLimits: "spec/rate-limits.yaml: the rate-limit headers",
  limits: "spec/limits.yaml: the limits",
  disagreements: "spec/disagreements.yaml: where the sources disagree",
};

const NODE_REF = '"$ref":"flowspec:schema-node"';

/** Every published document, keyed by file name, in a stable order. */
export function publishedSpecSchemas(): { readonly fileName: string; readonly schema: Record<string, unknown> }[] {
  const { $id: _id, ...node } = JSON.parse(JSON.stringify(SCHEMA_NODE).replaceAll(NODE_REF, '"$ref":"#/$defs/schemaNode"')) as Record<string, unknown>;
  return (Object.keys(FILE_SCHEMAS) as FileKind[]).map((kind) => {
    const fileName = SPEC_SCHEMA_FILES[kind];
    const body = JSON.parse(JSON.stringify(FILE_SCHEMAS[kind]).replaceAll(NODE_REF, '"$ref":"#/$defs/schemaNode"')) as Record<string, unknown>;
    const usesNode = JSON.stringify(body).includes("#/$defs/schemaNode");
    return { fileName, schema: { $schema: DIALECT, $id: `${BASE}${fileName}`, title: TITLES[kind], ...body, ...(usesNode && { $defs: { schemaNode: node } }) } };
  });
}
