/**
 * What the spec documents about each operation that recorded traffic is held to: where it is (its
 * method and full path, as the OpenAPI document routes it), and the statuses and error codes it
 * may answer with.
 */
import type { Operation, SpecIR } from "../ir/model.js";
import { operationPlace } from "../openapi/openapi-servers.js";
import { Router } from "../stand-in/router.js";

/** A documented error answer of an operation: its status and its `errorCode`. */
export interface DocumentedError {
  readonly status: number;
  readonly code: string;
}

/**
 * The error rows of an operation, as status and code. The one place conformance reads the error
 * table, so a change to how rows are keyed is adapted here.
 */
export function documentedErrors(ir: SpecIR, op: Operation): DocumentedError[] {
  return op.errors.flatMap((id) => {
    const row = ir.errors.find((e) => e.id === id);
    return row ? [{ status: row.status, code: row.id }] : [];
  });
}

/** Routes `METHOD /full/path` to the spec's operations, as `flowspec serve` routes them. */
export function operationRouter(ir: SpecIR): Router {
  return new Router(ir.operations.map((op) => ({ operationId: op.id, method: op.method, segments: operationPlace(ir, op).path.split("/").slice(1) })));
}
