/**
 * `--config FILE`: a YAML file that replaces the default clients and may change the domain, the
 * rate limit, the user-flow access policy, the token lifetime, the body limit and the signing key,
 * and may hold a scenario (`faults`: which calls answer with which row of the error table).
 * Every problem is reported at its line and column, all of them at once, and the stand-in does not
 * start. The shape is in `commands/serve/usage.ts` (CONFIG_HELP).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { LineCounter } from "yaml";
import { parseYaml } from "../load/yaml-document.js";
import { indexPositions } from "../load/yaml-positions.js";
import { ConfigReader, sortProblems, type ConfigProblem, type Data } from "./config-reader.js";
import type { ValidatorPackage } from "../payload/validator-module.js";
import type { FaultRule } from "../../runtime/fixtures/faults.js";
import { MANAGEMENT_OPERATIONS } from "./handlers/management.js";
import { DEFAULT_CONFIG, GRANT_TYPES, type ClientConfig, type GrantType, type ServeConfig } from "./config.js";
import { importSigningKey, type SigningKey } from "./signing-key.js";

export type LoadedConfig = { readonly config: ServeConfig; readonly signingKey: SigningKey | null } | { readonly problems: readonly ConfigProblem[] };

const TOP_KEYS = ["domain", "clients", "rateLimit", "accessPolicies", "tokenLifetimeSeconds", "maxBodyBytes", "limits", "signingKey", "faults"] as const;
const FAULT_KEYS = ["operation", "error", "call", "from"] as const;
const CLIENT_KEYS = ["id", "secret", "global", "grantTypes", "scopes", "selfServiceScopes", "redirectUris"] as const;

function redirectUri(r: ConfigReader, value: unknown, pointer: string): string | undefined {
  const text = r.string(value, pointer, "a redirect URI");
  if (text === undefined) return undefined;
  if (URL.canParse(text) && /^https?:$/.test(new URL(text).protocol) && new URL(text).hash === "") return text;
  r.report(pointer, "ServeConfigInvalidValue", `"${text}" is not an absolute http(s) URL without a fragment (RFC 6749 §3.1.2)`);
  return undefined;
}

function readClient(r: ConfigReader, v: ValidatorPackage, value: unknown, pointer: string): ClientConfig | undefined {
  const data = r.object(value, pointer, CLIENT_KEYS, "a client");
  if (data === null) return undefined;
  const at = (key: string) => r.child(pointer, key);
  const id = r.string(r.field(data, pointer, "id", true), at("id"), "id");
  const secret = r.string(r.field(data, pointer, "secret", true), at("secret"), "secret");
  const global = data.global === undefined ? false : r.boolean(data.global, at("global"), "global");
  const grantTypes =
    data.grantTypes === undefined ? ["client_credentials" as const] : r.list(data.grantTypes, at("grantTypes"), "grantTypes", (g, p) => r.oneOf<GrantType>(g, p, GRANT_TYPES, "a grant type"));
  const scopes = data.scopes === undefined ? [] : r.list(data.scopes, at("scopes"), "scopes", (s, p) => r.string(s, p, "a scope"));
  let selfServiceScopes: string[] | null | undefined = null;
  if (data.selfServiceScopes !== undefined) {
    selfServiceScopes = r.list(data.selfServiceScopes, at("selfServiceScopes"), "selfServiceScopes", (s, p) => r.string(s, p, "a scope"));
    const form = selfServiceScopes === undefined ? null : v.checkSelfServiceScopes(selfServiceScopes);
    if (form !== null && !form.ok) r.report(at("selfServiceScopes"), "ServeConfigInvalidValue", `${form.message} (authentication rule ${form.rule})`);
  }
  const redirectUris = data.redirectUris === undefined ? [] : r.list(data.redirectUris, at("redirectUris"), "redirectUris", (u, p) => redirectUri(r, u, p));
  if (id === undefined || secret === undefined || global === undefined || grantTypes === undefined || scopes === undefined || selfServiceScopes === undefined || redirectUris === undefined) return undefined;
  return { id, secret, global, grantTypes, scopes, selfServiceScopes, redirectUris };
}

function readClients(r: ConfigReader, v: ValidatorPackage, value: unknown): ClientConfig[] | undefined {
  const clients = r.list(value, "/clients", "clients", (c, p) => readClient(r, v, c, p));
  clients?.forEach((client, i) => {
    if (clients.findIndex((c) => c.id === client.id) !== i) r.report(`/clients/${i}/id`, "ServeConfigInvalidValue", `two clients have the id "${client.id}"`);
  });
  return clients;
}

function readDomain(r: ConfigReader, v: ValidatorPackage, value: unknown): string | undefined {
  const domain = r.string(value, "/domain", "domain");
  if (domain === undefined) return undefined;
  try {
    v.selfServiceAudience(domain);
    return domain;
  } catch {
    r.report("/domain", "ServeConfigInvalidValue", `"${domain}" is not a host name such as login.example.com (no scheme, path or user)`);
    return undefined;
  }
}

const POLICIES = ["allow_all", "deny_all", "require_client_grant"] as const;

/**
 * The access policies. Only the user-flow one may change: the validator refuses another client-flow
 * policy with the rule that forbids client credentials for the self-service API (rule 7).
 */
function readPolicies(r: ConfigReader, v: ValidatorPackage, value: unknown): ServeConfig["userFlowPolicy"] | undefined {
  const flows = Object.keys(v.DEFAULT_ACCESS_POLICIES) as (keyof typeof v.DEFAULT_ACCESS_POLICIES)[];
  const data = r.object(value, "/accessPolicies", flows, "accessPolicies");
  if (data === null) return undefined;
  const fixedRule = v.AUTH_RULES.find((rule) => rule.kind === "grant_not_allowed")?.id;
  let userFlows: ServeConfig["userFlowPolicy"] | undefined = DEFAULT_CONFIG.userFlowPolicy;
  for (const flow of flows) {
    if (data[flow] === undefined) continue;
    const pointer = `/accessPolicies/${flow}`;
    const policy = r.oneOf(data[flow], pointer, POLICIES, `the ${flow} policy`);
    if (flow === "user_flows") userFlows = policy;
    const check = policy === undefined ? null : v.accessPolicyScopes({ flow, policy, requested: [], clientGrant: [] });
    if (check !== null && !check.ok && check.rule === fixedRule) r.report(pointer, "ServeConfigInvalidValue", `${check.message} (authentication rule ${check.rule})`);
  }
  return userFlows;
}

async function readSigningKey(r: ConfigReader, value: unknown, configFile: string): Promise<SigningKey | null | undefined> {
  const file = r.string(value, "/signingKey", "signingKey");
  if (file === undefined) return undefined;
  try {
    return await importSigningKey(readFileSync(resolve(dirname(configFile), file), "utf8"));
  } catch (error) {
    r.report("/signingKey", "ServeConfigInvalidValue", `the key in ${file} cannot be used: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * A scenario rule: a management operation (or all of them), a row of its error table, and which
 * calls answer with it. The row is looked up the way the stand-in answers it, through the served
 * validator's errorResponse, so a code the table lacks is reported here, not at the call.
 */
function readFault(r: ConfigReader, v: ValidatorPackage, value: unknown, pointer: string): FaultRule | undefined {
  const data = r.object(value, pointer, FAULT_KEYS, "a fault");
  if (data === null) return undefined;
  const at = (key: string) => r.child(pointer, key);
  const operation = data.operation === undefined ? undefined : r.oneOf(data.operation, at("operation"), MANAGEMENT_OPERATIONS, "operation");
  const error = r.string(r.field(data, pointer, "error", true), at("error"), "error");
  const call = data.call === undefined ? undefined : r.positiveInteger(data.call, at("call"), "call");
  const from = data.from === undefined ? undefined : r.positiveInteger(data.from, at("from"), "from");
  if ((data.call === undefined) === (data.from === undefined)) r.report(pointer, "ServeConfigInvalidValue", `a fault needs "call" (one call) or "from" (every call from then on), not ${data.call === undefined ? "neither" : "both"}`);
  for (const op of operation !== undefined ? [operation] : MANAGEMENT_OPERATIONS) {
    if (error !== undefined && v.errorResponse(op, error as "invalid_request").body.errorCode === "unknown_error") r.report(at("error"), "ServeConfigInvalidValue", `"${error}" is no row of ${op}'s error table`);
  }
  if (error === undefined || (data.call !== undefined && call === undefined) || (data.from !== undefined && from === undefined)) return undefined;
  return { ...(operation !== undefined && { operation }), error, ...(call !== undefined && { call }), ...(from !== undefined && { from }) };
}

/** The whole numbers of one section, each its default when absent. */
function numbers<T extends object>(r: ConfigReader, value: unknown, section: string, defaults: T): T {
  const keys = Object.keys(defaults) as (keyof T & string)[];
  const given = value === undefined ? null : r.object(value, `/${section}`, keys, section);
  const out = { ...defaults };
  for (const key of keys) {
    const v = given?.[key];
    if (v !== undefined) (out as Record<string, unknown>)[key] = r.positiveInteger(v, `/${section}/${key}`, `${section}.${key}`) ?? 1;
  }
  return out;
}

/** `tokenLimit` and `anonymousLimit` follow `limit` when only it is given. */
function rateLimits(read: ServeConfig["rateLimit"], given: unknown): ServeConfig["rateLimit"] {
  const has = (key: string) => typeof given === "object" && given !== null && Object.hasOwn(given, key);
  return { ...read, tokenLimit: has("tokenLimit") ? read.tokenLimit : read.limit, anonymousLimit: has("anonymousLimit") ? read.anonymousLimit : read.limit };
}

function read(r: ConfigReader, v: ValidatorPackage, data: Data): ServeConfig {
  const d = DEFAULT_CONFIG;
  return {
    domain: data.domain === undefined ? d.domain : (readDomain(r, v, data.domain) ?? d.domain),
    clients: data.clients === undefined ? d.clients : (readClients(r, v, data.clients) ?? d.clients),
    rateLimit: rateLimits(numbers(r, data.rateLimit, "rateLimit", d.rateLimit), data.rateLimit),
    limits: numbers(r, data.limits, "limits", d.limits),
    userFlowPolicy: data.accessPolicies === undefined ? d.userFlowPolicy : (readPolicies(r, v, data.accessPolicies) ?? d.userFlowPolicy),
    tokenLifetimeSeconds: data.tokenLifetimeSeconds === undefined ? d.tokenLifetimeSeconds : (r.positiveInteger(data.tokenLifetimeSeconds, "/tokenLifetimeSeconds", "tokenLifetimeSeconds") ?? 1),
    maxBodyBytes: data.maxBodyBytes === undefined ? d.maxBodyBytes : (r.positiveInteger(data.maxBodyBytes, "/maxBodyBytes", "maxBodyBytes") ?? 1),
    faults: data.faults === undefined ? d.faults : (r.list(data.faults, "/faults", "faults", (f, p) => readFault(r, v, f, p)) ?? d.faults),
  };
}

/** The config in `file` (shown as `file` in problems), checked with the served validator's rules. */
export async function loadConfigFile(file: string, validator: ValidatorPackage): Promise<LoadedConfig> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return { problems: [{ loc: { file, line: 1, col: 1 }, code: "ServeConfigYamlSyntax", message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? "error"})` }] };
  }
  const lines = new LineCounter();
  const { doc, problems } = parseYaml(text, lines);
  if (problems.length > 0) {
    return { problems: problems.map((e) => ({ loc: { file, ...lines.linePos(e.offset) }, code: "ServeConfigYamlSyntax" as const, message: e.message })) };
  }
  const r = new ConfigReader(file, indexPositions(doc.contents, file, lines));
  const data = r.object(doc.toJS({ maxAliasCount: 100 }) ?? {}, "", TOP_KEYS, "the config");
  if (data === null) return { problems: r.problems };
  const config = read(r, validator, data);
  const signingKey = data.signingKey === undefined ? null : await readSigningKey(r, data.signingKey, file);
  if (r.problems.length > 0 || signingKey === undefined) return { problems: sortProblems(r.problems) };
  return { config, signingKey };
}
