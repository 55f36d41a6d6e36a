/**
 * Visits every schema node of the spec with the file and JSON Pointer it sits at, so rules can
 * report exact positions without knowing the layout of each file kind.
 */
import type { SpecFile } from "../load/load-spec.js";
import type { RawSchema } from "../spec-language/schema-node.js";
import type { SpecSources } from "./spec-sources.js";
import type { Diagnostic } from "../base/diagnostics.js";
import { escapePointerToken } from "../load/yaml-positions.js";
import type { RuleContext } from "./rule-context.js";

export interface SchemaVisit {
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

/** What a rule that judges each schema node on its own finds at one node, added to `found`. */
export type NodeJudge = (visit: SchemaVisit, report: RuleContext["report"], found: Diagnostic[]) => void;

/**
 * What `judge` finds at every schema node, in file order. Each rule that judges a node alone walks
 * the nodes with this one function, so the engine optimises one loop and each rule's small judge:
 * a generator loop per rule was compiled separately once a spec was wide enough (four of them
 * took about 49 ms of compile time at 610 variants, none at 61).
 */
export function judgeEachSchema(ctx: RuleContext, judge: NodeJudge): Diagnostic[] {
  const found: Diagnostic[] = [];
  const visits = walkSpecSchemas(ctx.sources);
  for (let i = 0; i < visits.length; i++) judge(visits[i]!, ctx.report, found);
  return found;
}

export interface RecordVisit {
  readonly name: string;
  readonly file: SpecFile;
  readonly pointer: string;
  readonly schema: RawSchema;
}

function allRecords(sources: SpecSources): readonly RecordVisit[] {
  const visits: RecordVisit[] = [];
  const from = (file: SpecFile, records: Record<string, RawSchema> | undefined): void => {
    if (records === undefined) return;
    for (const name of Object.keys(records)) visits.push({ name, file, pointer: `/records/${escapePointerToken(name)}`, schema: records[name]! });
  };
  for (const { file, data } of sources.records) from(file, data.records);
  from(sources.common.file, sources.common.data.records);
  for (const { file, data } of sources.providers) from(file, data.records);
  return Object.freeze(visits);
}

/**
 * The records of each checked spec, and their schemas by name. Eight rules and the example check
 * read them; walking every provider file for each of them (and for each target of each limit) was
 * a generator the engine compiled only on a wide spec (about 19 ms of compile time at 610 variants).
 */
const recordWalks = new WeakMap<SpecSources, readonly RecordVisit[]>();
const recordMaps = new WeakMap<SpecSources, ReadonlyMap<string, RawSchema>>();

/** Every named record, in file order (a name defined twice is listed twice). */
export function walkRecords(sources: SpecSources): readonly RecordVisit[] {
  let visits = recordWalks.get(sources);
  if (visits === undefined) recordWalks.set(sources, (visits = allRecords(sources)));
  return visits;
}

/** Each record's schema by name (a name defined twice: its last definition, as a `Map` of the list keeps it). */
export function recordSchemas(sources: SpecSources): ReadonlyMap<string, RawSchema> {
  let schemas = recordMaps.get(sources);
  if (schemas === undefined) recordMaps.set(sources, (schemas = new Map(walkRecords(sources).map((r) => [r.name, r.schema]))));
  return schemas;
}
