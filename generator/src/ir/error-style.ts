/**
 * The shape of an operation's error bodies, from its interface's `errorBody` record: OAuth 2.0's
 * (RFC 6749 §5.2: `error`, `error_description`) or the vendor's management shape (`statusCode`,
 * `error`, `message`, `errorCode`), which is also the helpers' own when the spec names no record.
 * One decision for the request check's tables and the OpenAPI document's examples.
 */
import { errorBodyStyleOf, type ErrorBodyStyle } from "../spec-language/error-body.js";
import type { Operation, SpecIR } from "./model.js";

export type { ErrorBodyStyle };

/** The style, or undefined when the interface names a record of neither shape. */
export function errorBodyStyle(ir: SpecIR, op: Operation): ErrorBodyStyle | undefined {
  const iface = ir.interfaces.find((i) => i.name === op.interface);
  if (iface?.errorBody === undefined) return "vendor";
  const record = ir.records.find((r) => r.name === iface.errorBody);
  return errorBodyStyleOf((name) => record?.schema.kind === "object" && record.schema.properties.some((p) => p.name === name));
}
