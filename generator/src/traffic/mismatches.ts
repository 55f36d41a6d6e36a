/**
 * One recorded exchange against its operation: the request through the spec's verdict, the status
 * against the documented ones, the response body against the documented record (or the error
 * table's codes). Each difference is a mismatch, on the request or the response side.
 */
import type { Operation, SpecIR } from "../ir/model.js";
import { publicValidator, type PublicValidate, type ValidatorPackage } from "../payload/validator-module.js";
import type { CONFORMANCE_CODES } from "../spec-language/files.js";
import { targetTableOf } from "../payload/target-table.js";
import { resolveTarget } from "../payload/targets.js";
import { documentedErrors, type DocumentedError } from "./operations.js";
import type { RecordedExchange } from "./recordings.js";
import type { RequestVerdict } from "./request-verdict.js";

/** The codes conformance gives beyond the validator's and the error table's (the spec language lists them for traffic signs). */
type ConformanceCode = keyof typeof CONFORMANCE_CODES;

export interface Mismatch {
  readonly side: "request" | "response";
  /** A validator issue code, the request check's error code, or a conformance code. */
  readonly code: string;
  /** JSON Pointer into the request body (or query) or the response body; "" for the whole. */
  readonly at: string;
  readonly message: string;
}

/** The statuses whose refusal is about the request's content, which the spec decides. */
const CONTENT_STATUSES = new Set([400, 413, 415]);

function requestMismatches(verdict: RequestVerdict, exchange: RecordedExchange): Mismatch[] {
  const accepted = exchange.status < 400;
  if (verdict.ok) {
    if (accepted || !CONTENT_STATUSES.has(exchange.status)) return [];
    return [{ side: "request", code: "refused_valid_request" satisfies ConformanceCode, at: "", message: `the spec accepts this request; the service answered ${exchange.status}` }];
  }
  if (!accepted) return []; // both refuse it
  if (verdict.issues.length === 0) return [{ side: "request", code: verdict.code, at: "", message: `the spec answers ${verdict.status} ${verdict.code}; the service answered ${exchange.status}` }];
  return verdict.issues.map((issue) => ({ side: "request", code: issue.code, at: issue.path, message: issue.message }));
}

/** What an operation's exchanges are held to, prepared once per run. */
export interface OperationRules {
  readonly op: Operation;
  readonly verdict: (exchange: RecordedExchange) => RequestVerdict;
  /** The success record's validator, when the operation documents one. */
  readonly successBody?: { readonly record: string; readonly validate: PublicValidate };
  readonly errors: readonly DocumentedError[];
}

export function operationRules(ir: SpecIR, validator: ValidatorPackage, op: Operation, verdict: OperationRules["verdict"]): OperationRules {
  const record = op.success.body;
  const target = record === undefined ? undefined : resolveTarget(targetTableOf(ir), record);
  const validate = target?.ok ? publicValidator(validator, target.target.stem) : undefined;
  return { op, verdict, errors: documentedErrors(ir, op), ...(record !== undefined && validate !== undefined && { successBody: { record, validate } }) };
}

function successBodyMismatches(rules: OperationRules, response: unknown): Mismatch[] {
  if (rules.successBody === undefined) return [];
  if (typeof response === "string" || response === undefined) return [{ side: "response", code: "unreadable_response" satisfies ConformanceCode, at: "", message: `the body is not JSON; expected ${rules.successBody.record}` }];
  const result = rules.successBody.validate(response, { allErrors: true });
  return result.ok ? [] : result.issues.map((issue) => ({ side: "response", code: issue.code, at: issue.path, message: issue.message }));
}

function errorBodyMismatches(codes: readonly string[], response: unknown): Mismatch[] {
  const given = typeof response === "object" && response !== null ? (response as { errorCode?: unknown }).errorCode : undefined;
  if (typeof given === "string" && codes.includes(given)) return [];
  return [{ side: "response", code: "undocumented_error_code" satisfies ConformanceCode, at: "/errorCode", message: `errorCode ${JSON.stringify(given ?? null)}; the table has ${codes.join(", ")}` }];
}

function responseMismatches(rules: OperationRules, exchange: RecordedExchange): Mismatch[] {
  const { status } = exchange;
  const { op, errors } = rules;
  const errorCodes = errors.filter((e) => e.status === status).map((e) => e.code);
  const out: Mismatch[] = [];
  if (status !== op.success.status && errorCodes.length === 0) {
    const documented = [op.success.status, ...new Set(errors.map((e) => e.status))].join(", ");
    out.push({ side: "response", code: "undocumented_status" satisfies ConformanceCode, at: "", message: `status ${status}; the operation documents ${documented}` });
  }
  // A success by another 2xx still carries the success record; an error only the table's codes.
  if (status === op.success.status || (status >= 200 && status < 300)) out.push(...successBodyMismatches(rules, exchange.response));
  else if (errorCodes.length > 0) out.push(...errorBodyMismatches(errorCodes, exchange.response));
  return out;
}

export function exchangeMismatches(rules: OperationRules, exchange: RecordedExchange): Mismatch[] {
  return [...requestMismatches(rules.verdict(exchange), exchange), ...responseMismatches(rules, exchange)];
}
