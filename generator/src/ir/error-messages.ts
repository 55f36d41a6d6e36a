/**
 * An error row's message for one operation: each `{field}` placeholder (spec-language's
 * ERROR_MESSAGE_FIELDS) replaced by that operation's field. The checker made sure every operation
 * of the row has the fields its message names.
 */
import { messageFields, type ErrorMessageField } from "../spec-language/files.js";
import type { ErrorRow, Operation, SpecIR } from "./model.js";

const FIELD_VALUES = {
  scope: (op: Operation) => op.scope,
  contentTypes: (op: Operation) => (op.requestContentTypes.length > 0 ? op.requestContentTypes.join(", ") : undefined),
} as const satisfies Record<ErrorMessageField, (op: Operation) => string | undefined>;

export function errorMessage(row: ErrorRow, op: Operation): string {
  return row.message.replace(/\{([A-Za-z]+)\}/g, (whole, field: string) => (Object.hasOwn(FIELD_VALUES, field) ? (FIELD_VALUES[field as ErrorMessageField](op) ?? whole) : whole));
}

/**
 * The row that answers a token without the operation's scope: its 403 row whose message names the
 * scope (`{scope}`). One decision for the scope rules and the request check's tables; undefined
 * when the table has none (each reader says what it does then).
 */
export function scopeDeniedRow(ir: SpecIR, op: Operation): ErrorRow | undefined {
  return ir.errors.find((e) => e.status === 403 && e.operations.includes(op.id) && messageFields(e.message).includes("scope"));
}
