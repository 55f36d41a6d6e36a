/**
 * What the stand-in takes from the spec, read from the packages it serves and written nowhere in
 * the stand-in: the grants of the token request (each record of the union `post_oauth_token` takes,
 * with the `grant_type` it fixes), the response types and PKCE methods `/authorize` takes, the
 * scopes the management operations require and the audience of their tokens, and the access
 * policies the authentication rules name. The packages are the spec's (their version is checked
 * against it in served-packages.ts), so this costs no load of the spec at start.
 */
import { isJsonObject } from "../base/json-object.js";
import { byCodeUnit } from "../base/order.js";
import { pointerSegments, valueAtPointer } from "../base/json-pointer.js";
import type { ValidatorPackage } from "../payload/validator-module.js";
import type { OpenApiDocument } from "./served-packages.js";

/** The token request records the stand-in redeems, each in its own module (handlers/grant-*.ts). */
export const GRANT_RECORDS = ["AuthorizationCodeTokenRequest", "ClientCredentialsTokenRequest", "PasswordTokenRequest", "WebAuthnTokenRequest"] as const;
export type GrantRecord = (typeof GRANT_RECORDS)[number];

export interface SpecFacts {
  /** Every `grant_type` of the token request whose record the stand-in redeems, in the spec's order. */
  readonly grantTypes: readonly string[];
  /** The grant each record stands for; absent when the spec's token request has no such record. */
  readonly grantOf: Readonly<Partial<Record<GrantRecord, string>>>;
  /** The record a `grant_type` names. */
  readonly recordOf: ReadonlyMap<string, GrantRecord>;
  /** The path of each operation, by its id (`post_oauth_token` → `/oauth/token`). */
  readonly paths: ReadonlyMap<string, string>;
  /** The `response_type`s and `code_challenge_method`s of the authorize query. */
  readonly responseTypes: readonly string[];
  readonly pkceMethods: readonly string[];
  /** The scopes the management operations require (their OAuth 2.0 security requirements), in code-unit order. */
  readonly managementScopes: readonly string[];
  /** The audience of management tokens on a domain, from the `x-audience` template of their OAuth 2.0 scheme; null when the spec names none. */
  readonly managementAudience: ((domain: string) => string) | null;
  /** The access policies the authentication rules name (the defaults, the discouraged one and its alternative). */
  readonly accessPolicies: readonly string[];
  /** The kinds of flow that have an access policy, e.g. `user_flows`. */
  readonly policyFlows: readonly string[];
}

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json => isJsonObject(value);
const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** The component a `{ $ref: "#/components/schemas/X" }` names (a JSON Pointer into the document), with its name. */
function component(doc: Json, schema: unknown): { readonly name: string; readonly schema: Json } | null {
  const ref = isObject(schema) ? schema.$ref : undefined;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return null;
  const found = valueAtPointer(doc, ref.slice(1));
  return isObject(found) ? { name: pointerSegments(ref.slice(1)).at(-1) ?? "", schema: found } : null;
}

function operations(doc: OpenApiDocument): Json[] {
  return Object.values(doc.paths).flatMap((methods) => Object.values(methods).filter(isObject));
}

function operationPaths(doc: OpenApiDocument): Map<string, string> {
  const entries = Object.entries(doc.paths).flatMap(([path, methods]) => Object.values(methods).flatMap((op) => (isObject(op) && typeof op.operationId === "string" ? [[op.operationId, path] as const] : [])));
  return new Map(entries);
}

/** Each record of the token request's union with the `grant_type` it fixes. */
function tokenGrants(doc: OpenApiDocument): { readonly record: string; readonly grant: string }[] {
  const json = doc as unknown as Json;
  const token = operations(doc).find((op) => op.operationId === "post_oauth_token");
  const content = (token?.requestBody as { content?: Json } | undefined)?.content ?? {};
  const body = Object.values(content).map((media) => component(json, isObject(media) ? media.schema : undefined)).find((c) => c !== null);
  if (body === undefined || body === null) return [];
  const members = Array.isArray(body.schema.oneOf) ? body.schema.oneOf.map((m: unknown) => component(json, m)) : [body];
  return members.flatMap((member) => {
    const grantType = (member?.schema.properties as { grant_type?: { const?: unknown } } | undefined)?.grant_type?.const;
    return member !== null && typeof grantType === "string" ? [{ record: member.name, grant: grantType }] : [];
  });
}

/** The values a query parameter of `operationId` may take (its `const` or `enum`). */
function queryValues(doc: OpenApiDocument, operationId: string, name: string): string[] {
  const operation = operations(doc).find((op) => op.operationId === operationId);
  const parameter = (Array.isArray(operation?.parameters) ? operation.parameters : []).find((p: unknown) => isObject(p) && p.in === "query" && p.name === name) as { schema?: { const?: unknown; enum?: unknown } } | undefined;
  const schema = parameter?.schema;
  const values = schema?.const !== undefined ? [schema.const] : Array.isArray(schema?.enum) ? schema.enum : [];
  return values.filter((v): v is string => typeof v === "string");
}

function securityRequirements(doc: OpenApiDocument): Json[] {
  return operations(doc).flatMap((op) => (Array.isArray(op.security) ? op.security.filter(isObject) : []));
}

/** The `x-audience` of the OAuth 2.0 scheme the operations name, e.g. `https://{tenantDomain}/api/v2/`, with its server variable filled in. */
function audienceTemplate(doc: OpenApiDocument): SpecFacts["managementAudience"] {
  const schemes = ((doc as unknown as Json).components as { securitySchemes?: Json } | undefined)?.securitySchemes ?? {};
  const names = new Set(securityRequirements(doc).flatMap((r) => Object.keys(r)));
  const template = [...names].map((name) => schemes[name]).find((s): s is Json => isObject(s) && s.type === "oauth2" && typeof s["x-audience"] === "string")?.["x-audience"];
  return typeof template === "string" ? (domain) => template.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, domain) : null;
}

function managementScopes(doc: OpenApiDocument): string[] {
  const requirements = securityRequirements(doc);
  return unique(requirements.flatMap((r) => Object.values(r).flatMap((scopes) => (Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === "string") : [])))).sort(byCodeUnit);
}

/** The policies rules 8 and 9 name, as the validator's `AccessPolicy` type lists them. */
function accessPolicies(validator: ValidatorPackage): string[] {
  const named = (validator.AUTH_RULES as readonly Json[]).flatMap((rule) => [
    ...(isObject(rule.policies) ? Object.values(rule.policies) : []),
    ...(rule.kind === "discouraged_policy" ? [rule.policy, rule.instead] : []),
  ]);
  return unique(named.filter((p): p is string => typeof p === "string")).sort(byCodeUnit);
}

export function specFacts(packages: { readonly validator: ValidatorPackage; readonly openApi: OpenApiDocument }): SpecFacts {
  const known = new Set<string>(GRANT_RECORDS);
  const grants = tokenGrants(packages.openApi).filter((g): g is { record: GrantRecord; grant: string } => known.has(g.record));
  return {
    grantTypes: grants.map((g) => g.grant),
    grantOf: Object.fromEntries(grants.map((g) => [g.record, g.grant])),
    recordOf: new Map(grants.map((g) => [g.grant, g.record])),
    paths: operationPaths(packages.openApi),
    responseTypes: queryValues(packages.openApi, "get_authorize", "response_type"),
    pkceMethods: queryValues(packages.openApi, "get_authorize", "code_challenge_method"),
    managementScopes: managementScopes(packages.openApi),
    managementAudience: audienceTemplate(packages.openApi),
    accessPolicies: accessPolicies(packages.validator),
    policyFlows: Object.keys(packages.validator.DEFAULT_ACCESS_POLICIES),
  };
}

/** The management audience on `domain`; a spec that names none cannot be served. */
export function managementAudience(facts: SpecFacts, domain: string): string {
  if (facts.managementAudience === null) throw new Error("the served spec names no audience for its management tokens (the x-audience of the OAuth 2.0 scheme its operations name)");
  return facts.managementAudience(domain);
}
