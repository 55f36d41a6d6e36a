/**
 * The requests of the self-service token flows (authorize, code exchange, passkey challenge,
 * WebAuthn grant), each with its example. The requests are the bodies and queries of the
 * operations the `token_flows` rules name; a union body (the token endpoint's) contributes each of
 * its members. Operations come in an order no flow contradicts: an operation follows every
 * operation that precedes it in some flow (the passkey challenge before the token request).
 */
import type { NamedRecord, Operation, SpecIR } from "../../ir/model.js";
import { exampleBlock, recordExamples } from "./examples.js";
import { operationHref, recordHref } from "./links.js";
import { PAGES } from "../../ir/reference-pages.js";
import { blocks, code, link, prose, textBlock } from "../markdown.js";
import { operationUrl } from "./urls.js";
import { JSON_MEDIA_TYPE } from "../../spec-language/media-types.js";

const FROM = PAGES.authentication;

export interface TokenRequestStep {
  readonly operation: Operation;
  readonly record: NamedRecord;
  /** Whether the record is the query string (else the body). */
  readonly query: boolean;
}

function flowSequences(ir: SpecIR): string[][] {
  return ir.authRules.flatMap((r) => (r.kind === "token_flows" ? r.data.flows : [])).map((f) => f.operations ?? []);
}

/**
 * The operations of the token flows, each after all its predecessors in any flow; among those
 * ready at once, the one a flow names first. Flows are lists, so this order has a meaning.
 */
function tokenFlowOperations(ir: SpecIR): Operation[] {
  const sequences = flowSequences(ir);
  const pending = [...new Set(sequences.flat())];
  const placed: string[] = [];
  const ready = (id: string) => sequences.every((seq) => !seq.includes(id) || seq.slice(0, seq.indexOf(id)).every((p) => placed.includes(p)));
  while (pending.length > 0) {
    const next = pending.findIndex(ready);
    // A cycle between flows cannot be ordered; fall back to the order of first mention.
    placed.push(...pending.splice(next < 0 ? 0 : next, 1));
  }
  return placed.flatMap((id) => ir.operations.filter((op) => op.id === id));
}

function requestRecords(ir: SpecIR, name: string): NamedRecord[] {
  const record = ir.records.find((r) => r.name === name);
  if (!record) return [];
  if (record.schema.kind !== "union") return [record];
  return record.schema.members.flatMap((m) => (m.kind === "ref" ? requestRecords(ir, m.target) : []));
}

export function tokenRequestSteps(ir: SpecIR): TokenRequestStep[] {
  return tokenFlowOperations(ir).flatMap((operation) => [
    ...(operation.query ? requestRecords(ir, operation.query).map((record) => ({ operation, record, query: true })) : []),
    ...(operation.body ? requestRecords(ir, operation.body).map((record) => ({ operation, record, query: false })) : []),
  ]);
}

/** The query string an example stands for, in the example's key order. */
function queryString(value: unknown): string {
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
}

function stepExample(ir: SpecIR, step: TokenRequestStep): string {
  const example = recordExamples(step.record)[0];
  if (example === undefined) return "The spec gives no example for this request yet.";
  const url = operationUrl(ir, step.operation);
  if (step.query) {
    return blocks("Query parameters:", exampleBlock(step.record.name, example), "The same request as a URL:", textBlock(`${url}?${queryString(example)}`));
  }
  const type = step.operation.requestContentTypes[0] ?? JSON_MEDIA_TYPE;
  return blocks(`${code(`${step.operation.method} ${url}`)} with ${code(`Content-Type: ${type}`)}:`, exampleBlock(step.record.name, example));
}

export function stepSection(ir: SpecIR, step: TokenRequestStep): string {
  const op = step.operation;
  const where = `${link(op.summary, operationHref(FROM, op.id))}, ${code(`${op.method} ${op.path}`)}; ${step.query ? "query" : "body"}: ${link(step.record.name, recordHref(FROM, step.record.name))}.`;
  return blocks(`### ${step.record.name}`, prose(step.record.description ?? ""), where, stepExample(ir, step));
}
