/**
 * Visits every schema node of the spec with the file and JSON Pointer it sits at, so rules can
 * report exact positions without knowing the layout of each file kind.
 */
import type { SpecFile } from "../load/load-spec.js";
import type { RawSchema } from "../spec-language/schema-node.js";
import type { SpecSources } from "./spec-sources.js";
import { escapePointerToken } from "../load/yaml-positions.js";

interface SchemaVisit {
  readonly file: SpecFile;
  readonly pointer: string;
  readonly node: RawSchema;
}

function walkNode(visits: SchemaVisit[], file: SpecFile, pointer: string, node: RawSchema): void {
  visits.push({ file, pointer, node });
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    walkNode(visits, file, `${pointer}/properties/${escapePointerToken(key)}`, child);
  }
  if (typeof node.additionalProperties === "object") {
    walkNode(visits, file, `${pointer}/additionalProperties`, node.additionalProperties);
  }
  if (node.items) walkNode(visits, file, `${pointer}/items`, node.items);
  for (const keyword of ["oneOf", "anyOf"] as const) {
    for (const [i, member] of (node[keyword] ?? []).entries()) walkNode(visits, file, `${pointer}/${keyword}/${i}`, member);
  }
}

function recordsOf(visits: SchemaVisit[], file: SpecFile, records: Record<string, RawSchema> | undefined): void {
  for (const [name, schema] of Object.entries(records ?? {})) {
    walkNode(visits, file, `/records/${escapePointerToken(name)}`, schema);
  }
}

function allSchemas(sources: SpecSources): readonly SchemaVisit[] {
  const visits: SchemaVisit[] = [];
  for (const { file, data } of sources.records) recordsOf(visits, file, data.records);
  const common = sources.common;
  for (const [key, schema] of Object.entries(common.data.common.properties)) {
    walkNode(visits, common.file, `/common/properties/${escapePointerToken(key)}`, schema);
  }
  recordsOf(visits, common.file, common.data.records);
  for (const { file, data } of sources.providers) {
    recordsOf(visits, file, data.records);
    for (const [i, action] of data.actions.entries()) {
      if (action.params) walkNode(visits, file, `/actions/${i}/params`, action.params);
    }
  }
  const operations = sources.operations;
  for (const [id, op] of Object.entries(operations.data.operations)) {
    for (const [key, schema] of Object.entries(op.pathParams ?? {})) {
      walkNode(visits, operations.file, `/operations/${escapePointerToken(id)}/pathParams/${escapePointerToken(key)}`, schema);
    }
  }
  return Object.freeze(visits);
}

/**
 * The walk of each checked spec: several rules read every schema node of the same (frozen) files,
 * so the nodes are listed once, while the sources are in use.
 */
const walks = new WeakMap<SpecSources, readonly SchemaVisit[]>();

/** Every schema node in the spec, in file order. */
export function walkSpecSchemas(sources: SpecSources): readonly SchemaVisit[] {
  let visits = walks.get(sources);
  if (visits === undefined) walks.set(sources, (visits = allSchemas(sources)));
  return visits;
}

/** Every named record: `[name, file, pointer, schema]`. */
export function* walkRecords(sources: SpecSources): Generator<{ name: string; file: SpecFile; pointer: string; schema: RawSchema }> {
  const from = function* (file: SpecFile, records: Record<string, RawSchema> | undefined) {
    for (const [name, schema] of Object.entries(records ?? {})) {
      yield { name, file, pointer: `/records/${escapePointerToken(name)}`, schema };
    }
  };
  for (const { file, data } of sources.records) yield* from(file, data.records);
  yield* from(sources.common.file, sources.common.data.records);
  for (const { file, data } of sources.providers) yield* from(file, data.records);
}
