/**
 * The spec against an upstream OpenAPI document: the spec's own OpenAPI document (what
 * `@flowspec/schema` ships) and the upstream one are read the same way, and every operation of the
 * spec that the upstream document also has is compared: request content types, the body and the
 * query, the documented statuses, and the success body. Each difference is classified: a recorded
 * disagreement or decision (an entry of disagreements.yaml whose `affects` names its place, an
 * observed format, the spec's rule that every object states its extra properties) or new, with the
 * place in spec/ to edit.
 */
import type { Loc } from "../base/diagnostics.js";
import { pointerMatches } from "../traffic/labels.js";
import type { Operation, SpecIR, TrafficSign } from "../ir/model.js";
import { openApiDocument } from "../openapi/openapi-document.js";
import { readOpenApi, type DocumentOperation, type JsonSchema, type OpenApiInput } from "./openapi-read.js";
import { schemaDifferences, type DifferenceKind, type SchemaDifference } from "./schema-compare.js";
import { specPlace, type SignPlace } from "./spec-places.js";
import { JSON_MEDIA_TYPE } from "../spec-language/media-types.js";

export type UpstreamDifferenceKind = DifferenceKind | "content-type" | "status";

export type Classification =
  | { readonly as: "disagreement" | "decision"; readonly id: string; readonly why: string }
  | { readonly as: "decision"; readonly id?: undefined; readonly why: string }
  | { readonly as: "new" };

export interface UpstreamDifference {
  readonly operation: string;
  readonly kind: UpstreamDifferenceKind;
  readonly place: string;
  readonly what: string;
  /** Where in spec/ the place is written. */
  readonly loc: Loc;
  readonly classification: Classification;
}

export interface UpstreamReport {
  /** The spec's operations the upstream document has, and those it does not. */
  readonly covered: readonly string[];
  readonly notUpstream: readonly string[];
  /** Operations of the upstream document that the spec does not describe (outside its scope). */
  readonly upstreamOnly: number;
  readonly differences: readonly UpstreamDifference[];
}

/** What a difference is classified by, besides its kind and the two sides' values. */
interface Facts extends Partial<Pick<SchemaDifference, "kind" | "ours" | "theirs">> {
  readonly subjects: readonly string[];
  readonly side?: "request" | "response";
  readonly sign?: SignPlace;
  /** For a status only one side documents. */
  readonly status?: number;
}

/** A traffic sign of the entry says this place: the same operation, side, variant and pointer (or status). */
function signSays(sign: TrafficSign, op: Operation, facts: Facts): boolean {
  if (sign.operation !== op.id || (sign.side !== undefined && facts.side !== undefined && sign.side !== facts.side)) return false;
  if (facts.status !== undefined) return sign.status === facts.status;
  if (facts.sign === undefined || sign.at === undefined || sign.variant !== facts.sign.variant) return false;
  return pointerMatches(sign.at, facts.sign.pointer);
}

function classify(ir: SpecIR, op: Operation, facts: Facts): Classification {
  for (const d of ir.disagreements) {
    // An entry whose traffic signs say how it shows in this operation is held to them, not to the operation as a whole.
    const precise = d.traffic.some((sign) => sign.operation === op.id);
    const named = facts.subjects.find((s) => d.affects.includes(s) && !(precise && s === op.id));
    if (named !== undefined) return { as: d.kind, id: d.id, why: `${d.id} (${d.area}) affects ${named}` };
    if (d.traffic.some((sign) => signSays(sign, op, facts))) return { as: d.kind, id: d.id, why: `${d.id} (${d.area}) shows in traffic here` };
  }
  if (facts.kind === "format" && typeof facts.ours === "string") {
    const format = ir.formats.find((f) => f.name === facts.ours);
    if (format?.provenance === "observed") return { as: "decision", why: `the syntax of format ${format.name} is the spec's (provenance observed, ${format.loc.file}:${format.loc.line})` };
  }
  if (facts.kind === "extra-properties" && facts.ours === "closed" && facts.theirs === "silent") {
    return { as: "decision", why: "the spec states every object's extra properties (closed unless it says so); upstream is silent" };
  }
  return { as: "new" };
}

function operationLevel(ir: SpecIR, op: Operation, kind: "content-type" | "status", side: "request" | "response", what: string, status?: number): UpstreamDifference {
  const { loc, subjects } = specPlace(ir, op, { component: undefined, path: [], kind });
  const facts: Facts = { subjects, side, ...(status !== undefined && { status }) };
  return { operation: op.id, kind, place: `${op.id} ${side}`, what, loc, classification: classify(ir, op, facts) };
}

function fromSchema(ir: SpecIR, op: Operation, side: "request" | "response", differences: readonly SchemaDifference[]): UpstreamDifference[] {
  return differences.map((d) => {
    const { loc, subjects, sign } = specPlace(ir, op, { component: d.component, path: d.path, kind: d.kind });
    const facts: Facts = { kind: d.kind, ours: d.ours, theirs: d.theirs, subjects, side, ...(sign && { sign }) };
    return { operation: op.id, kind: d.kind, place: d.place, what: d.what, loc, classification: classify(ir, op, facts) };
  });
}

/** The content type both sides' bodies are compared under: JSON when both take it, else each side's first. */
function bodyPair(ours: DocumentOperation, theirs: DocumentOperation): [JsonSchema, JsonSchema, string] | undefined {
  const shared = [...ours.requestBodies.keys()].filter((t) => theirs.requestBodies.has(t));
  const type = shared.find((t) => t === JSON_MEDIA_TYPE) ?? shared[0];
  if (type !== undefined) return [ours.requestBodies.get(type)!, theirs.requestBodies.get(type)!, type];
  const mine = [...ours.requestBodies.entries()][0];
  const upstream = [...theirs.requestBodies.entries()][0];
  return mine && upstream ? [mine[1], upstream[1], `${mine[0]} (upstream ${upstream[0]})`] : undefined;
}

function compareOperation(ir: SpecIR, op: Operation, ours: OpenApiInput, theirs: OpenApiInput, key: string): UpstreamDifference[] {
  const mine = ours.operations.get(key)!;
  const upstream = theirs.operations.get(key)!;
  const out: UpstreamDifference[] = [];
  for (const type of mine.requestBodies.keys()) if (!upstream.requestBodies.has(type)) out.push(operationLevel(ir, op, "content-type", "request", `content type ${type} only here`));
  for (const type of upstream.requestBodies.keys()) if (!mine.requestBodies.has(type)) out.push(operationLevel(ir, op, "content-type", "request", `content type ${type} only upstream`));
  const bodies = bodyPair(mine, upstream);
  if (bodies) out.push(...fromSchema(ir, op, "request", schemaDifferences({ document: ours.document, schema: bodies[0] }, { document: theirs.document, schema: bodies[1] }, `${op.id} request ${bodies[2]}`)));
  if (mine.query !== undefined || upstream.query !== undefined) {
    const query = schemaDifferences({ document: ours.document, schema: mine.query ?? { type: "object" } }, { document: theirs.document, schema: upstream.query ?? { type: "object" } }, `${op.id} query`, op.query);
    // Query parameters are strings on the wire and cannot say "no others": that is not a difference.
    out.push(...fromSchema(ir, op, "request", query.filter((d) => d.kind !== "extra-properties")));
  }
  const statuses = (o: DocumentOperation) => [...o.responses.keys()].filter((s) => s !== "default");
  for (const status of statuses(mine)) if (!upstream.responses.has(status)) out.push(operationLevel(ir, op, "status", "response", `status ${status} only here`, Number(status)));
  for (const status of statuses(upstream)) if (!mine.responses.has(status)) out.push(operationLevel(ir, op, "status", "response", `status ${status} only upstream`, Number(status)));
  const success = String(op.success.status);
  const ourBody = mine.responses.get(success);
  const theirBody = upstream.responses.get(success);
  if (ourBody && theirBody) out.push(...fromSchema(ir, op, "response", schemaDifferences({ document: ours.document, schema: ourBody }, { document: theirs.document, schema: theirBody }, `${op.id} response ${success}`)));
  return out;
}

export function compareWithUpstream(ir: SpecIR, upstreamDocument: JsonSchema): UpstreamReport {
  const ours = readOpenApi(openApiDocument(ir));
  const theirs = readOpenApi(upstreamDocument);
  const keyOf = new Map<string, string>();
  for (const [key, op] of ours.operations) for (const id of op.ids) keyOf.set(id, key);
  const covered: string[] = [];
  const notUpstream: string[] = [];
  const differences: UpstreamDifference[] = [];
  for (const op of ir.operations) {
    const key = keyOf.get(op.id);
    if (key === undefined || !theirs.operations.has(key)) {
      notUpstream.push(op.id);
      continue;
    }
    covered.push(op.id);
    differences.push(...compareOperation(ir, op, ours, theirs, key));
  }
  const ourKeys = new Set(ours.operations.keys());
  const upstreamOnly = [...theirs.operations.keys()].filter((k) => !ourKeys.has(k)).length;
  return { covered, notUpstream, upstreamOnly, differences };
}
