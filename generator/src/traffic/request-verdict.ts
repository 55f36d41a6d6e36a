/**
 * What the spec says about a recorded request: accepted, or refused with a status, the error code
 * and the body's issues. Operations with a request check (`createRequestCheck`) go through it, as a
 * service built on the validator would answer; the caller's token is taken as allowed, since a
 * recording's token is redacted or expired and who may call is the service's business, not the
 * spec's. Other operations are read the same way by hand: content type, decoding, the body or query
 * record's validator.
 */
import { parseMediaType } from "../../runtime/validator/service/content-type.js";
import type { ValidationIssue } from "../../runtime/validator/public-types.js";
import type { Operation, SpecIR } from "../ir/model.js";
import { publicValidator, type ValidatorPackage } from "../payload/validator-module.js";
import { targetTableOf } from "../payload/target-table.js";
import { resolveTarget } from "../payload/targets.js";
import type { RecordedExchange } from "./recordings.js";
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE } from "../spec-language/media-types.js";

export type RequestVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: number; readonly code: string; readonly issues: readonly ValidationIssue[] };

type Check = (exchange: RecordedExchange) => RequestVerdict;


function contentType(exchange: RecordedExchange): string | undefined {
  const header = exchange.headers["content-type"];
  if (typeof header === "string") return header;
  // A recording that keeps the body parsed but not the headers sent JSON.
  return header === undefined && exchange.body !== undefined && typeof exchange.body !== "string" ? JSON_MEDIA_TYPE : undefined;
}

/** The body as text, the way it went over the wire. */
function rawBody(exchange: RecordedExchange): string | undefined {
  if (exchange.body === undefined || exchange.body === null) return undefined;
  return typeof exchange.body === "string" ? exchange.body : JSON.stringify(exchange.body);
}

/** The request's body or query as the value the validator reads (undefined when it cannot be decoded). */
export function decodedRequest(exchange: RecordedExchange, op: Operation, validator: Pick<ValidatorPackage, "decodeFormBody">): unknown {
  if (op.query !== undefined) return queryObject(exchange.path);
  if (typeof exchange.body !== "string") return exchange.body;
  if (parseMediaType(contentType(exchange) ?? "")?.essence === FORM_MEDIA_TYPE) {
    const decoded = validator.decodeFormBody(exchange.body);
    return decoded.ok ? decoded.value : undefined;
  }
  try {
    return JSON.parse(exchange.body) as unknown;
  } catch {
    return undefined;
  }
}

/** The query string as an object; a repeated parameter becomes a list (which no query record allows). */
function queryObject(path: string): Record<string, string | string[]> {
  const at = path.indexOf("?");
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(at < 0 ? "" : path.slice(at + 1))) {
    const before = out[name];
    out[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return { ...out };
}

function throughRequestCheck(validator: ValidatorPackage, op: Operation): Check | undefined {
  let check: ReturnType<ValidatorPackage["createRequestCheck"]>;
  try {
    check = validator.createRequestCheck(op.id as never, { globalClients: () => true });
  } catch {
    return undefined; // no request check for this operation: read by hand
  }
  const claims = { scope: op.scope ?? "", azp: "flowspec-conformance" };
  return (exchange) => {
    const type = contentType(exchange);
    const headers = type === undefined || exchange.headers["content-type"] !== undefined ? exchange.headers : { ...exchange.headers, "content-type": type };
    const result = check({ method: exchange.method, url: exchange.path, headers, rawBody: rawBody(exchange) ?? "", claims });
    if (result.ok) return { ok: true };
    const { status, body } = result.response;
    // The management body names its code in `errorCode`; OAuth's (RFC 6749 §5.2) in `error`.
    return { ok: false, status, code: "errorCode" in body ? body.errorCode : body.error, issues: "issues" in body ? (body.issues ?? []) : [] };
  };
}

function byHand(ir: SpecIR, validator: ValidatorPackage, op: Operation): Check {
  const record = op.body ?? op.query;
  const target = record === undefined ? undefined : resolveTarget(targetTableOf(ir), op.id);
  const validate = target?.ok ? publicValidator(validator, target.target.stem) : undefined;
  return (exchange) => {
    if (op.body !== undefined) {
      const media = parseMediaType(contentType(exchange) ?? "");
      if (media === null || !op.requestContentTypes.includes(media.essence)) return { ok: false, status: 415, code: "unsupported_media_type", issues: [] };
    }
    if (validate === undefined) return { ok: true };
    const value = decodedRequest(exchange, op, validator);
    if (value === undefined) return { ok: false, status: 400, code: "invalid_request", issues: [{ code: "invalid_syntax", path: "", message: "the body cannot be decoded" }] };
    const result = validate(value, { allErrors: true });
    return result.ok ? { ok: true } : { ok: false, status: 400, code: "invalid_request", issues: result.issues };
  };
}

/** The request verdict of every operation, made once per run. */
export function requestChecks(ir: SpecIR, validator: ValidatorPackage): ReadonlyMap<string, Check> {
  return new Map(ir.operations.map((op) => [op.id, throughRequestCheck(validator, op) ?? byHand(ir, validator, op)]));
}
