/**
 * The service helpers' tables, from the IR: for each operation with an error table, the row that
 * answers each failure of a request check (found by status, in the table's order where a status has
 * several rows, by the issue code a row names and by the authentication rules that name rows, never
 * by a code typed in here); the account self-service rules; PKCE as the records
 * state it; and the authentication rules as data.
 */
import type { AuthRule, ErrorRow, NamedRecord, Operation, SpecIR } from "../../../ir/model.js";
import { POLICY_MEANINGS } from "../../../../runtime/validator/service/access-policies.js";
import type { CheckRows, ErrorRowData, ErrorStyle, PkceData, SelfServiceRuleData, ServiceOperationData } from "../../../../runtime/validator/service/tables.js";
import { errorMessage, scopeDeniedRow } from "../../../ir/error-messages.js";
import { errorBodyStyle } from "../../../ir/error-style.js";
import type { ApiPlan } from "../api-plan.js";
import type { FormShapesData } from "../form-shapes.js";
import { internalError } from "../../../base/internal-error.js";
import { FORM_MEDIA_TYPE } from "../../../spec-language/media-types.js";

/** A row as one operation answers with it: its message with the operation's fields. */
function rowData(row: ErrorRow, op: Operation): ErrorRowData {
  return { status: row.status, code: row.id, message: errorMessage(row, op) };
}

function operationRows(ir: SpecIR, op: Operation): ErrorRow[] {
  return op.errors.map((id) => ir.errors.find((e) => e.id === id)!);
}

/** The rule of `kind` that covers the operation's interface, if any. */
function ruleFor<K extends AuthRule["kind"]>(ir: SpecIR, kind: K, iface: string): Extract<AuthRule, { kind: K }> | undefined {
  return ir.authRules.find((r): r is Extract<AuthRule, { kind: K }> => r.kind === kind && (r.interface === undefined || r.interface === iface));
}

/** The one row with `status`; null when there is none, or several (the check could not tell which). */
function withStatus(rows: readonly ErrorRow[], status: number): ErrorRow | null {
  const found = rows.filter((r) => r.status === status);
  return found.length === 1 ? found[0]! : null;
}

function byCode(rows: readonly ErrorRow[], code: string, status: number): ErrorRow | null {
  return rows.find((r) => r.id === code && r.status === status) ?? null;
}

/** Whether the operation's interface takes a token (a security scheme): only then are 401 and 403 about it. */
function takesToken(ir: SpecIR, op: Operation): boolean {
  return ir.securitySchemes.some((s) => s.interface === op.interface);
}

/**
 * Which row answers what: 400, 413 and 415 by status; for an interface that takes a token, the
 * 401s through the rules that name them (the one they do not name is the missing or invalid token)
 * and the 403 whose message names the scope; a row that answers an issue code (`issue`); the grants a
 * rule refuses, through the rule's own row. Null when the table lacks one or has several for a
 * failure: the operation then gets no request check (the README lists those that do).
 */
function checkRows(ir: SpecIR, op: Operation, rows: readonly ErrorRow[]): CheckRows | null {
  const hasBody = op.body !== undefined;
  const token = takesToken(ir, op);
  const globalRule = token ? ruleFor(ir, "global_client", op.interface) : undefined;
  const signatureRule = ruleFor(ir, "signature", op.interface);
  const named = new Set([globalRule?.data.error, signatureRule?.data.error]);
  const unauthorized = token ? rows.filter((r) => r.status === 401 && !named.has(r.id)) : [];
  const forbidden = op.scope ? (scopeDeniedRow(ir, op) ?? null) : null;
  const notGlobal = globalRule ? byCode(rows, globalRule.data.error, globalRule.data.status) : null;
  // The 400 for a request that does not follow its record: where an operation has several 400 rows
  // (the token endpoint's invalid_grant, invalid_scope, …), the table's first that names no issue code.
  const badRequest = rows.find((r) => r.status === 400 && r.issue === undefined) ?? null;
  const unsupported = withStatus(rows, 415);
  const tooLarge = withStatus(rows, 413);
  const invalidToken = unauthorized.length === 1 ? unauthorized[0]! : null;
  if (!badRequest || (hasBody && (!unsupported || !tooLarge)) || (token && !invalidToken) || (op.scope && !forbidden) || (globalRule && !notGlobal)) return null;
  return {
    badRequest: rowData(badRequest, op),
    invalidToken: invalidToken ? rowData(invalidToken, op) : null,
    notGlobal: notGlobal ? rowData(notGlobal, op) : null,
    missingScope: forbidden ? rowData(forbidden, op) : null,
    unsupportedMediaType: unsupported ? rowData(unsupported, op) : null,
    tooLarge: tooLarge ? rowData(tooLarge, op) : null,
    byIssue: Object.fromEntries(rows.filter((r) => r.issue !== undefined).map((r) => [r.issue!, rowData(r, op)])),
    refusedGrants: refusedGrantRows(ir, op, rows),
  };
}

/** The rows the grants a `grant_not_allowed` rule refuses are answered with, by grant (rule 7). */
function refusedGrantRows(ir: SpecIR, op: Operation, rows: readonly ErrorRow[]): Record<string, ErrorRowData & { readonly rule: string }> {
  const refused: Record<string, ErrorRowData & { readonly rule: string }> = {};
  for (const rule of ir.authRules) {
    if (rule.kind !== "grant_not_allowed") continue;
    const row = rule.data.error !== undefined && rule.data.status !== undefined ? byCode(rows, rule.data.error, rule.data.status) : null;
    if (row) refused[rule.data.grant] = { ...rowData(row, op), rule: rule.id };
  }
  return refused;
}

function formContentType(op: Operation, forms: FormShapesData): string | null {
  if (!op.requestContentTypes.includes(FORM_MEDIA_TYPE)) return null;
  // check/rules/api-requirements.ts (formBodiesDecodable) reports a form without a decodable body first.
  if (op.body === undefined || !Object.hasOwn(forms.roots, op.body)) throw internalError(`${op.id} takes ${FORM_MEDIA_TYPE}, but decodeFormBody has no shape for ${op.body ?? "its missing body"}`);
  return FORM_MEDIA_TYPE;
}

/** The error body's style (ir/error-style.ts); a record of neither shape is the spec's mistake. */
function errorStyle(ir: SpecIR, op: Operation): ErrorStyle {
  // check/rules/request-checks.ts (errorBodiesAnswerable) reports an errorBody of neither shape first.
  const style = errorBodyStyle(ir, op);
  if (style === undefined) throw internalError(`${op.id}'s interface ${op.interface} names no errorBody record the helpers can answer with`);
  return style;
}

function operationData(ir: SpecIR, op: Operation, forms: FormShapesData): ServiceOperationData {
  const rows = operationRows(ir, op);
  return {
    id: op.id,
    method: op.method,
    scope: op.scope ?? null,
    contentTypes: op.requestContentTypes.map((t) => t.toLowerCase()),
    formContentType: formContentType(op, forms),
    input: op.body !== undefined ? "body" : op.query !== undefined ? "query" : null,
    errorStyle: errorStyle(ir, op),
    rows: op.body === undefined && op.query === undefined ? null : checkRows(ir, op, rows),
    errors: Object.fromEntries(rows.map((r) => [r.id, rowData(r, op)])),
  };
}

export interface ServiceOperationPlan {
  readonly data: ServiceOperationData;
  /** `validateCreateFlowRequest`, for the operations with a body or query record. */
  readonly validator: string | null;
  /** The body's record, for the declarations. */
  readonly body: string | null;
}

/** Every operation with an error table; those with a body get a request check. */
export function serviceOperations(ir: SpecIR, plan: ApiPlan, forms: FormShapesData): ServiceOperationPlan[] {
  return ir.operations
    .filter((op) => op.errors.length > 0)
    .map((op) => {
      const data = operationData(ir, op, forms);
      const target = op.body ?? op.query;
      const validator = data.rows === null ? undefined : plan.validators.find((v) => v.target === target);
      // check/rules/request-checks.ts reports a body or query record without a public validator first.
      if (data.rows !== null && validator === undefined) throw internalError(`${op.id}'s ${op.body ? "body" : "query"} ${target ?? ""} has no validator in the package's API`);
      return { data, validator: validator ? `validate${validator.stem}` : null, body: validator ? validator.target : null };
    });
}

/** The grant each kind of flow uses, where rule 7's reason ("the policy for client flows cannot be changed") needs it. */
const GRANT_FLOWS: Readonly<Record<string, string>> = { client_credentials: "client_flows" };

/**
 * The account self-service rules, from the interface whose audience holds the domain. A spec without
 * some of them gets helpers that allow nothing they would have ruled on: no policies, no grants refused.
 */
export function selfServiceRules(ir: SpecIR): SelfServiceRuleData {
  const iface = ir.interfaces.find((i) => i.domainAudience);
  const name = iface?.name ?? "";
  const flows = ruleFor(ir, "token_flows", name);
  const defaults = ruleFor(ir, "default_policies", name);
  const discouraged = ruleFor(ir, "discouraged_policy", name);
  const granted = ruleFor(ir, "granted_permissions", name);
  const sameDomain = ruleFor(ir, "same_domain", name);
  const refused = ir.authRules.filter((r): r is Extract<AuthRule, { kind: "grant_not_allowed" }> => r.kind === "grant_not_allowed" && r.interface === name);
  const policies = defaults?.data.policies ?? {};
  for (const [policy, loc] of [...Object.values(policies).map((p) => [p, defaults!.loc] as const), ...(discouraged ? [[discouraged.data.policy, discouraged.loc] as const, [discouraged.data.instead, discouraged.loc] as const] : [])]) {
    // check/rules/access-policies.ts reports an unknown policy first.
    if (!Object.hasOwn(POLICY_MEANINGS, policy)) throw internalError(`${loc.file}:${loc.line}: unknown access policy ${policy}; the helpers know ${Object.keys(POLICY_MEANINGS).join(", ")}`);
  }
  if (granted && granted.data.intersectionOf.length !== 3) throw internalError("granted permissions must be the intersection of three parts: policy, permissions, consent");
  return {
    audience: flows?.data.audience ?? iface?.audience ?? "https://{domain}/",
    scopeForm: flows?.data.scopePattern ?? "*",
    refusedGrants: refused.map((r) => ({ grant: r.data.grant, rule: r.id })),
    defaultPolicies: { ...policies },
    defaultPoliciesRule: defaults?.id ?? "",
    fixedPolicies: refused.flatMap((r) => {
      const flow = GRANT_FLOWS[r.data.grant];
      return flow !== undefined && Object.hasOwn(policies, flow) ? [{ flow, rule: r.id }] : [];
    }),
    discouraged: discouraged ? { policy: discouraged.data.policy, instead: discouraged.data.instead, rule: discouraged.id } : null,
    intersectionOf: granted ? [...granted.data.intersectionOf] : ["policy", "permissions", "consent"],
    sameDomainFor: sameDomain ? [...sameDomain.data.sameFor] : [],
    sameDomainRule: sameDomain?.id ?? "",
  };
}

function property(record: NamedRecord, name: string) {
  return record.schema.kind === "object" ? record.schema.properties.find((p) => p.name === name)?.schema : undefined;
}

/** RFC 7636 §4.1, for a spec whose records do not bound the verifier. */
const RFC_7636_VERIFIER = { min: 43, max: 128 };

/** PKCE from the records: the challenge methods (AuthorizeQuery) and the verifier's length bounds. */
export function pkceData(ir: SpecIR): PkceData {
  const method = ir.records.map((r) => property(r, "code_challenge_method")).find((s) => s?.kind === "string" && s.enum !== undefined);
  const verifier = ir.records.map((r) => property(r, "code_verifier")).find((s) => s?.kind === "string");
  return {
    methods: method?.kind === "string" ? [...(method.enum ?? [])] : [],
    verifierMinLength: (verifier?.kind === "string" ? verifier.minLength : undefined) ?? RFC_7636_VERIFIER.min,
    verifierMaxLength: (verifier?.kind === "string" ? verifier.maxLength : undefined) ?? RFC_7636_VERIFIER.max,
  };
}

/** The authentication rules as plain data: id, seed, kind, interface, text and the kind's fields. */
export function authRulesData(ir: SpecIR): Record<string, unknown>[] {
  return ir.authRules.map((r) => ({ id: r.id, seed: r.seed, kind: r.kind, ...(r.interface === undefined ? {} : { interface: r.interface }), text: r.text, ...r.data }));
}
