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

function* walkNode(file: SpecFile, pointer: string, node: RawSchema): Generator<SchemaVisit> {
  yield { file, pointer, node };
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    yield* walkNode(file, `${pointer}/properties/${escapePointerToken(key)}`, child);
  }
  if (typeof node.additionalProperties === "object") {
    yield* walkNode(file, `${pointer}/additionalProperties`, node.additionalProperties);
  }
  if (node.items) yield* walkNode(file, `${pointer}/items`, node.items);
  for (const keyword of ["oneOf", "anyOf"] as const) {
    for (const [i, member] of (node[keyword] ?? []).entries()) yield* walkNode(file, `${pointer}/${keyword}/${i}`, member);
  }
}

function* recordsOf(file: SpecFile, records: Record<string, RawSchema> | undefined): Generator<SchemaVisit> {
  for (const [name, schema] of Object.entries(records ?? {})) {
    yield* walkNode(file, `/records/${escapePointerToken(name)}`, schema);
  }
}

/** Every schema node in the spec, in file order. */
export function* walkSpecSchemas(sources: SpecSources): Generator<SchemaVisit> {
  for (const { file, data } of sources.records) yield* recordsOf(file, data.records);
  const common = sources.common;
  for (const [key, schema] of Object.entries(common.data.common.properties)) {
    yield* walkNode(common.file, `/common/properties/${escapePointerToken(key)}`, schema);
  }
  yield* recordsOf(common.file, common.data.records);
  for (const { file, data } of sources.providers) {
    yield* recordsOf(file, data.records);
    for (const [i, action] of data.actions.entries()) {
      if (action.params) yield* walkNode(file, `/actions/${i}/params`, action.params);
    }
  }
  const operations = sources.operations;
  for (const [id, op] of Object.entries(operations.data.operations)) {
    for (const [key, schema] of Object.entries(op.pathParams ?? {})) {
      yield* walkNode(operations.file, `/operations/${escapePointerToken(id)}/pathParams/${escapePointerToken(key)}`, schema);
    }
  }
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
