/**
 * createRequestCheck: one HTTP request → the typed body, or the error response the spec's table
 * gives. The order is the order a careful service answers in: who is calling (401), may they (403),
 * can the body be read (415, 413), is it valid (400). Nothing about the body is looked at before
 * the caller is known to be allowed.
 */
import type { FormDecodeResult, ValidateOptions, ValidationIssue, ValidationResult } from "../public-types.js";
import { SAFETY_LIMITS } from "../limits.js";
import { BodyProblem, bodyText, decodeFormText, parseJsonBody } from "./body.js";
import { clientIdOf, globalClientTest, grantsScope, isClaims } from "./claims.js";
import { isUtf8, parseMediaType } from "./content-type.js";
import { methodNotAllowed, responseFor } from "./error-response.js";
import { headerValue, REPEATED } from "./headers.js";
import type { ErrorResponse, RequestCheck, RequestCheckOptions, RequestCheckResult, ServiceRequest, TokenClaims } from "./public-types.js";
import type { CheckRows, ServiceOperationData, ServiceOperations } from "./tables.js";
import { hasOwn } from "../own.js";
import { requestField } from "./request-field.js";
import { STACK_ISSUE } from "../limits.js";
import { overflowedAtTop } from "../thrown.js";
import { readQuery } from "./query.js";

export type BodyValidator = (input: unknown, options?: ValidateOptions) => ValidationResult<unknown>;

/** What the generated entry hands the runtime: the tables, the body validators, the form decoder. */
export interface ServiceBindings {
  readonly operations: ServiceOperations;
  /** Operation id → the validator of its body (or query). */
  readonly validators: Readonly<Record<string, BodyValidator>>;
  /** A form body → the JSON value of `record`. */
  readonly decodeForm: (text: string, record: string) => FormDecodeResult;
  /** Operation id → the record its body is, for decodeForm. */
  readonly formRecords: Readonly<Record<string, string>>;
}

/** 1 MiB: far above a real flow, and the usual default of Node body parsers. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

/** How a body of some Content-Type is decoded: as JSON, as a form, or not at all (415). */
type Decoding = "json" | "form" | null;

/**
 * The decision for the last Content-Type value seen. A service sees the same one or two values again
 * and again, so most requests cost one string comparison.
 */
class MediaDecisions {
  #last: string | null = null;
  #decision: Decoding = null;

  constructor(private readonly op: ServiceOperationData) {}

  decide(header: string): Decoding {
    if (header === this.#last) return this.#decision;
    const media = parseMediaType(header);
    const decision: Decoding = media === null || !this.op.contentTypes.includes(media.essence) || !isUtf8(media.charset) ? null : media.essence === this.op.formContentType ? "form" : "json";
    this.#last = header;
    this.#decision = decision;
    return decision;
  }
}

interface Settings {
  readonly op: ServiceOperationData;
  readonly media: MediaDecisions;
  readonly rows: CheckRows;
  readonly validate: BodyValidator;
  readonly decodeForm: (text: string) => FormDecodeResult;
  readonly isGlobal: ((clientId: string, claims: TokenClaims) => boolean) | null;
  readonly maxBodyBytes: number;
  readonly validateOptions: ValidateOptions | undefined;
  /** Built in advance: near the stack limit, building a response can fail too. */
  readonly unreadable: RequestCheckResult<never>;
  readonly stackExhausted: RequestCheckResult<never>;
}


function optionError(name: string, expected: string): TypeError {
  return new TypeError(`createRequestCheck: option ${name} must be ${expected}`);
}

function positiveInteger(options: RequestCheckOptions, name: "maxBodyBytes" | "maxIssues" | "maxDepth", fallback: number): number {
  const value = options[name];
  if (value === undefined) return fallback;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 1) return value;
  throw optionError(name, "a positive integer");
}

function globalClientsOption(op: ServiceOperationData, options: RequestCheckOptions): Settings["isGlobal"] {
  const value = options.globalClients;
  if (op.rows?.notGlobal == null) return null;
  if (typeof value === "function") return globalClientTest(value);
  if (Array.isArray(value) && value.every((id) => typeof id === "string")) return globalClientTest(value as readonly string[]);
  throw optionError("globalClients", `the ids of the global clients (a list of strings) or a predicate: ${op.id} may only be called by a global client`);
}

/** Options are read once, when the check is made: a mistake there is a start-up error, so it throws. */
function settings(bindings: ServiceBindings, operation: string, options: RequestCheckOptions | undefined): Settings {
  const op = hasOwn.call(bindings.operations, operation) ? bindings.operations[operation] : undefined;
  const validate = hasOwn.call(bindings.validators, operation) ? bindings.validators[operation] : undefined;
  if (op?.rows == null || validate === undefined) {
    const known = Object.keys(bindings.validators).join(", ");
    throw new TypeError(`createRequestCheck: no request check for operation ${JSON.stringify(String(operation).slice(0, 100))}; the spec has: ${known}`);
  }
  if (options !== undefined && (typeof options !== "object" || options === null)) throw optionError("options", "an object");
  const given = options ?? {};
  const allErrors = given.allErrors ?? true;
  if (typeof allErrors !== "boolean") throw optionError("allErrors", "a boolean");
  const maxIssues = positiveInteger(given, "maxIssues", SAFETY_LIMITS.maxIssues);
  const maxDepth = positiveInteger(given, "maxDepth", SAFETY_LIMITS.maxDepth);
  const domain = given.domain;
  if (domain !== undefined && typeof domain !== "string") throw optionError("domain", "a host name (a string)");
  const formRecord = hasOwn.call(bindings.formRecords, operation) ? bindings.formRecords[operation]! : "";
  const badRequest = op.rows.badRequest;
  const answer = (issue: ValidationIssue) => refuse(responseFor(op, badRequest, { issues: [issue] }));
  return {
    unreadable: answer({ code: "unreadable", path: "", message: "the request could not be read" }),
    stackExhausted: answer(STACK_ISSUE),
    op,
    media: new MediaDecisions(op),
    rows: op.rows,
    validate,
    decodeForm: (text) => bindings.decodeForm(text, formRecord),
    isGlobal: globalClientsOption(op, given),
    maxBodyBytes: positiveInteger(given, "maxBodyBytes", DEFAULT_MAX_BODY_BYTES),
    validateOptions: validateOptions(allErrors, maxIssues, maxDepth, domain),
  };
}

/**
 * The validator's options with only what differs from its defaults (no object at all when nothing
 * does). The validator reads every option it is given on every call: each default left out is work saved.
 */
function validateOptions(allErrors: boolean, maxIssues: number, maxDepth: number, domain: string | undefined): ValidateOptions | undefined {
  const options: { allErrors?: boolean; maxIssues?: number; maxDepth?: number; domain?: string } = {};
  if (allErrors) options.allErrors = true;
  if (domain !== undefined) options.domain = domain;
  if (maxIssues !== SAFETY_LIMITS.maxIssues) options.maxIssues = maxIssues;
  if (maxDepth !== SAFETY_LIMITS.maxDepth) options.maxDepth = maxDepth;
  return Object.keys(options).length === 0 ? undefined : options;
}

function refuse(response: ErrorResponse): RequestCheckResult<never> {
  return { ok: false, response };
}

/**
 * A 400, or the row that answers one of its issues instead: a grant a rule refuses (rule 7,
 * `unauthorized_client`), or an issue code a row names (`unknown_variant`, `unsupported_grant_type`).
 */
function badRequest(s: Settings, issues: readonly ValidationIssue[]): RequestCheckResult<never> {
  for (const issue of issues) {
    const grant = issue.keyword === "refusedGrant" ? issue.params?.value : undefined;
    if (typeof grant === "string" && hasOwn.call(s.rows.refusedGrants, grant)) {
      const row = s.rows.refusedGrants[grant]!;
      return refuse(responseFor(s.op, { status: row.status, code: row.code, message: `${row.message} (authentication rule ${row.rule})` }, { issues: [issue] }));
    }
    if (hasOwn.call(s.rows.byIssue, issue.code)) return refuse(responseFor(s.op, s.rows.byIssue[issue.code]!, { issues: [issue] }));
  }
  return refuse(responseFor(s.op, s.rows.badRequest, { issues }));
}

/** A response decided before the body is validated. A class, so no JSON value can pass for one. */
class Refused {
  constructor(readonly response: ErrorResponse) {}
}

/**
 * 401 and 403: the caller. The token's client when it may call the operation (null when it names
 * none and no rule asks), else the refusal.
 */
function checkCaller(s: Settings, request: ServiceRequest): string | null | Refused {
  if (s.rows.invalidToken === null) return null;
  const claims = requestField(request, "claims");
  if (!isClaims(claims)) {
    const credentialsGiven = headerValue(requestField(request, "headers"), "authorization") !== undefined;
    return new Refused(responseFor(s.op, s.rows.invalidToken, { credentialsGiven }));
  }
  const clientId = clientIdOf(claims);
  if (s.isGlobal !== null && s.rows.notGlobal !== null && (clientId === null || !s.isGlobal(clientId, claims))) return new Refused(responseFor(s.op, s.rows.notGlobal));
  if (s.rows.missingScope !== null && s.op.scope !== null && !grantsScope(claims, s.op.scope)) return new Refused(responseFor(s.op, s.rows.missingScope));
  return clientId;
}

function isRawBody(value: unknown): value is string | Uint8Array | ArrayBuffer {
  return typeof value === "string" || value instanceof Uint8Array || value instanceof ArrayBuffer;
}

function isEmpty(raw: unknown): boolean {
  if (typeof raw === "string") return raw.length === 0;
  return raw === undefined || ((raw instanceof Uint8Array || raw instanceof ArrayBuffer) && raw.byteLength === 0);
}

/** Whether a Content-Length value (decimal digits) is above `max`; a value that is not one is ignored. */
function exceedsLength(value: string, max: number): boolean {
  if (value.length === 0 || value.length > 16) return value.length > 16 && /^[0-9]+$/.test(value);
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
    n = n * 10 + digit;
  }
  return n > max;
}

/**
 * A body the framework parsed: its bytes are gone, so Content-Length is the only measure of its size.
 * A raw body is measured itself, whatever the header says.
 */
function parsedBody(s: Settings, request: ServiceRequest): unknown {
  const length = headerValue(requestField(request, "headers"), "content-length");
  // Two lengths are the shape of request smuggling (RFC 9112 §6.3): refuse rather than pick one.
  if (length === REPEATED) return new BodyProblem(false, [{ code: "repeated_field", path: "", message: "Content-Length is given more than once" }]);
  if (typeof length === "string" && exceedsLength(length, s.maxBodyBytes)) return new BodyProblem(true, []);
  return requestField(request, "body");
}

/** 415 from the headers, then the body decoded, or the BodyProblem (413, 400) that says why not. */
function readBody(s: Settings, request: ServiceRequest): unknown {
  const raw = requestField(request, "rawBody");
  const header = headerValue(requestField(request, "headers"), "content-type");
  if (header === undefined && isEmpty(raw) && requestField(request, "body") === undefined) return new BodyProblem(false, [{ code: "required", path: "", message: "the request has no body" }]);
  const decoding = typeof header === "string" ? s.media.decide(header) : null;
  if (decoding === null) return new Refused(responseFor(s.op, s.rows.unsupportedMediaType!));
  if (raw === undefined) return parsedBody(s, request);
  if (!isRawBody(raw)) return new BodyProblem(false, [{ code: "unreadable", path: "", message: "the raw body must be a string, a Uint8Array or an ArrayBuffer" }]);
  const text = bodyText(raw, s.maxBodyBytes);
  if (typeof text !== "string") return text;
  return decoding === "form" ? decodeFormText(s.decodeForm, text) : parseJsonBody(text);
}

/**
 * The method, with ASCII letters in any case (`post`), and nothing else: `toUpperCase` would also
 * turn the long s of "poſt" into an S.
 */
function isMethod(method: unknown, expected: string): boolean {
  if (method === expected) return true;
  if (typeof method !== "string" || method.length !== expected.length) return false;
  for (let i = 0; i < method.length; i++) {
    const code = method.charCodeAt(i);
    if (code !== expected.charCodeAt(i) && !(code >= 97 && code <= 122 && code - 32 === expected.charCodeAt(i))) return false;
  }
  return true;
}

function run(s: Settings, request: ServiceRequest): RequestCheckResult<unknown> {
  if (!isMethod(requestField(request, "method"), s.op.method)) return refuse(methodNotAllowed(s.op));
  const clientId = checkCaller(s, request);
  if (clientId instanceof Refused) return refuse(clientId.response);
  const body = s.op.input === "query" ? readQuery(request) : readBody(s, request);
  if (body instanceof Refused) return refuse(body.response);
  if (body instanceof BodyProblem) return body.tooLarge ? refuse(responseFor(s.op, s.rows.tooLarge!)) : badRequest(s, body.issues);
  const result = s.validate(body, s.validateOptions);
  return result.ok ? { ok: true, value: result.value, clientId: clientId ?? namedClient(s, result.value) } : badRequest(s, result.issues);
}

/** At the authorization server the request names its client (`client_id`): the service's rate-limit key. */
function namedClient(s: Settings, value: unknown): string | null {
  if (s.rows.invalidToken !== null || typeof value !== "object" || value === null) return null;
  const id = (value as { readonly client_id?: unknown }).client_id;
  return typeof id === "string" ? id : null;
}

export function createRequestCheckWith(bindings: ServiceBindings, operation: string, options: RequestCheckOptions | undefined): RequestCheck<unknown> {
  const s = settings(bindings, operation, options);
  const check = (request: ServiceRequest): RequestCheckResult<unknown> => {
    try {
      if (typeof request !== "object" || request === null) return badRequest(s, [{ code: "invalid_type", path: "", message: "the request must be an object" }]);
      return run(s, request);
    } catch (thrown) {
      // A getter or Proxy in the request threw, or the stack ran out: nothing can be trusted, so
      // nothing is accepted. The answers are built in advance, and even telling the two apart may
      // overflow, so the catch builds nothing and calls nothing that is not guarded.
      try {
        return overflowedAtTop(thrown) ? s.stackExhausted : s.unreadable;
      } catch {
        return s.stackExhausted;
      }
    }
  };
  return Object.assign(check, { operation: s.op.id });
}
