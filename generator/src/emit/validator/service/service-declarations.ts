/**
 * `dist/service.d.ts` and `dist/service.d.cts`, the declarations of `@flowspec/validator/service`:
 * the types of service/public-types.ts (copied, so runtime and declarations cannot drift; the types
 * it imports from the main public types come from the package's main entry), the names the spec
 * decides (operations, error codes, policies) as exact unions, and one declaration per export, each
 * naming the rule it follows.
 */
import type { AuthRule, SpecIR } from "../../../ir/model.js";
import type { ApiPlan } from "../api-plan.js";
import type { FormShapesData } from "../form-shapes.js";
import { authRulesData, selfServiceRules, serviceOperations } from "./service-tables.js";
import { internalError } from "../../../base/internal-error.js";

/** Where service/public-types.ts imports the main public types from. */
const MAIN_TYPES_IMPORT = /^import type \{[^}]*\} from "\.\.\/public-types\.js";$/;

/**
 * The declarations of service/public-types.ts, without its opening comment: its import of the main
 * public types now reads them from the package's main entry, and its other imports (the names the
 * spec decides) are dropped, since the declarations write those out.
 */
function serviceTypesText(source: string, mainModule: string): string {
  const end = source.indexOf("*/");
  if (!source.startsWith("/**") || end < 0) throw internalError("service/public-types.ts must open with its doc comment");
  const lines = source.slice(end + 2).split("\n");
  if (!lines.some((line) => MAIN_TYPES_IMPORT.test(line))) throw internalError("service/public-types.ts must import the main public types from ../public-types.js");
  return lines
    .filter((line) => !line.startsWith("import type ") || MAIN_TYPES_IMPORT.test(line))
    .map((line) => (MAIN_TYPES_IMPORT.test(line) ? line.replace('"../public-types.js"', JSON.stringify(mainModule)) : line))
    .join("\n")
    .trim();
}

const quote = (value: string): string => JSON.stringify(value);
const union = (values: readonly string[]): string => [...new Set(values)].map(quote).join(" | ") || "never";

/** A JSON value as the exact readonly type of that value. */
function literalType(value: unknown, indent = ""): string {
  if (Array.isArray(value)) return `readonly [${value.map((v) => literalType(v, indent)).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    const inner = `${indent}  `;
    const fields = Object.entries(value).map(([k, v]) => `${inner}readonly ${/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k)}: ${literalType(v, inner)};`);
    return `{\n${fields.join("\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function seedOf(ir: SpecIR, kind: AuthRule["kind"]): string {
  const seeds = ir.authRules.filter((r) => r.kind === kind).map((r) => r.seed);
  if (seeds.length === 0) return "no rule of this spec";
  return seeds.length === 1 ? `rule ${seeds[0]}` : `rules ${seeds.join(", ")}`;
}

export interface ServiceDeclarationInput {
  readonly ir: SpecIR;
  readonly plan: ApiPlan;
  readonly forms: FormShapesData;
  /** The text of service/public-types.ts. */
  readonly serviceTypes: string;
  /** The declaration file of the record types (`./types.cjs`, which both module formats import). */
  readonly typesModule: string;
  /** `./index.js` or `./index.cjs`, the package's main entry. */
  readonly mainModule: string;
}

function operationTypes(input: ServiceDeclarationInput): string {
  const operations = serviceOperations(input.ir, input.plan, input.forms);
  const bodies = operations.filter((o) => o.body !== null).map((o) => `  readonly ${o.data.id}: import(${quote(input.typesModule)}).${o.body};`);
  const codes = operations.map((o) => `  readonly ${o.data.id}: ${union(Object.keys(o.data.errors))};`);
  const errorBodies = operations.map((o) => `  readonly ${o.data.id}: ${o.data.errorStyle === "oauth" ? "OAuthErrorBody" : "ErrorResponseBody"};`);
  const block = (lines: readonly string[]) => (lines.length === 0 ? "{}" : `{\n${lines.join("\n")}\n}`);
  return `/** The body each request check returns, by operation (those whose error table has every row a check answers with). */
export interface RequestBodies ${block(bodies)}

/** The codes of each operation's error table (spec/errors.yaml). */
export interface ErrorCodes ${block(codes)}

/** The error body of each operation, by its interface's \`errorBody\` (the management shape, or OAuth 2.0's). */
export interface ErrorBodies ${block(errorBodies)}`;
}

function policyTypes(input: ServiceDeclarationInput): string {
  const rules = selfServiceRules(input.ir);
  const policies = [...Object.values(rules.defaultPolicies), rules.discouraged?.policy ?? "", rules.discouraged?.instead ?? ""].filter((p) => p !== "");
  return `/** An application API access policy (${seedOf(input.ir, "default_policies")} and ${seedOf(input.ir, "discouraged_policy")}). */
export type AccessPolicy = ${union(policies.sort())};

/** A kind of flow with its own access policy (${seedOf(input.ir, "default_policies")}). */
export type PolicyFlow = ${union(Object.keys(rules.defaultPolicies))};`;
}

function functionDeclarations(ir: SpecIR): string {
  return `/**
 * A request check for one operation: method, headers, the raw (or parsed) body and the verified
 * token's claims → the typed body, or the error response of the spec's table (401, 403, 415, 413,
 * 400). Throws a TypeError at once for an unknown operation or invalid options; the check never throws.
 */
export declare function createRequestCheck<Op extends keyof RequestBodies>(operation: Op, options?: RequestCheckOptions): RequestCheck<RequestBodies[Op], ErrorBodies[Op]>;

/** A row of an operation's error table as a response (e.g. \`invalid_signature\`, \`too_many_requests\`). */
export declare function errorResponse<Op extends keyof ErrorCodes>(operation: Op, errorCode: ErrorCodes[Op], options?: ErrorResponseOptions): ErrorResponse<ErrorBodies[Op]>;

/** The authentication rules of spec/authentication.yaml, as data. */
export declare const AUTH_RULES: ${literalType(authRulesData(ir))};

/** The access policies once the account self-service interface is activated (${seedOf(ir, "default_policies")}). */
export declare const DEFAULT_ACCESS_POLICIES: { readonly [F in PolicyFlow]: AccessPolicy };

/** Whether the token's client (\`azp\`, else \`client_id\`) is global (${seedOf(ir, "global_client")}). */
export declare function isGlobalClient(claims: TokenClaims | null | undefined, globalClients: GlobalClients): boolean;

/** Whether a grant may obtain a token for an audience; client credentials cannot for the self-service one (${seedOf(ir, "grant_not_allowed")}). */
export declare function checkTokenGrant(grant: string, audience: string): { readonly ok: true } | RuleRefusal;

/** What an application API access policy lets an application request (${seedOf(ir, "grant_not_allowed")}, ${seedOf(ir, "default_policies")}, ${seedOf(ir, "discouraged_policy")}). */
export declare function accessPolicyScopes(request: AccessPolicyRequest): AccessPolicyResult;

/** Granted permissions: policy ∩ the user's permissions ∩ consent (${seedOf(ir, "granted_permissions")}). */
export declare function grantedScopes(input: GrantedScopesInput): GrantedScopes;

/** One domain for the authorize and token requests, the audience and the call (${seedOf(ir, "same_domain")}). */
export declare function checkSameDomain(input: SameDomainInput): SameDomainResult;

/** The PKCE S256 challenge of a code verifier (WebCrypto); rejects a verifier RFC 7636 does not allow. */
export declare function pkceChallenge(verifier: string): Promise<string>;

/** Whether a code verifier matches its challenge (S256 or plain). */
export declare function checkPkce(input: PkceInput): Promise<PkceResult>;

/** Whether scopes have the self-service form (\`${selfServiceRules(ir).scopeForm}\`, ${seedOf(ir, "token_flows")}); OpenID Connect scopes pass too. */
export declare function checkSelfServiceScopes(scopes: string | readonly string[]): SelfServiceScopesResult;

/** What replacing an API's permission list with \`next\` keeps, adds and removes (PATCH replaces the whole list). */
export declare function planScopeReplacement(current: readonly ScopeEntry[], next: readonly ScopeEntry[]): ScopeReplacementResult;`;
}

export function serviceDeclarations(input: ServiceDeclarationInput): string {
  return `${[serviceTypesText(input.serviceTypes, input.mainModule), operationTypes(input), policyTypes(input), functionDeclarations(input.ir)].join("\n\n")}\n`;
}
