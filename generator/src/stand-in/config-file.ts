/**
 * `--config FILE`: a YAML file that replaces the default clients and may change the domain, the
 * rate limit, the user-flow access policy, the token lifetime, the body limit and the signing key,
 * and may hold a scenario (`faults`: which calls answer with which row of the error table).
 * Problems are diagnostics at their line and column (the `ServeConfig…` codes of base/diagnostics.ts),
 * all of them at once, and the stand-in does not start. As with the spec, the shape comes first
 * (`config-schema.ts`, checked by `check/shape-check.ts`); what the served spec's rules decide
 * beyond it is checked once the shape holds. The shape is shown in `commands/serve/usage.ts` (CONFIG_HELP).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { LineCounter } from "yaml";
import { diagnostic, sortDiagnostics, type Diagnostic } from "../base/diagnostics.js";
import type { ShapeCodes } from "../check/meta-errors.js";
import { shapeAjv, shapeDiagnostics } from "../check/shape-check.js";
import { locIn, type SpecFile } from "../load/load-spec.js";
import { parseYaml } from "../load/yaml-document.js";
import { escapePointerToken, readTree } from "../load/yaml-positions.js";
import type { ValidatorPackage } from "../payload/validator-module.js";
import type { FaultRule } from "../../runtime/fixtures/faults.js";
import { DEFAULT_CONFIG, type ClientConfig, type ServeConfigInput } from "./config.js";
import { serveConfigSchema, type ServeConfigFile } from "./config-schema.js";
import { MANAGEMENT_OPERATIONS } from "./handlers/management.js";
import type { ServedPackages } from "./served-packages.js";
import { importSigningKey, type SigningKey } from "./signing-key.js";
import { specFacts, type SpecFacts } from "./spec-facts.js";

export type LoadedConfig = { readonly config: ServeConfigInput; readonly signingKey: SigningKey | null } | { readonly problems: readonly Diagnostic[] };

const CONFIG_CODES: ShapeCodes = { unknownKey: "ServeConfigUnknownKey", missingKey: "ServeConfigMissingKey", wrongType: "ServeConfigWrongType", invalidValue: "ServeConfigInvalidValue" };

type Report = (pointer: string, message: string) => void;
type ClientFile = NonNullable<ServeConfigFile["clients"]>[number];
type FaultFile = NonNullable<ServeConfigFile["faults"]>[number];

/** The file as data with positions, or why it cannot be read. */
function readConfigYaml(file: string): SpecFile | Diagnostic[] {
  const unreadable = (at: { line: number; col: number }, message: string) => diagnostic({ file, ...at }, "ServeConfigYamlSyntax", message);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return [unreadable({ line: 1, col: 1 }, `cannot read the file (${(error as NodeJS.ErrnoException).code ?? "error"})`)];
  }
  const lines = new LineCounter();
  const { doc, problems } = parseYaml(text, lines);
  if (problems.length > 0) return problems.map((e) => unreadable(lines.linePos(e.offset), e.message));
  try {
    // One walk gives the positions and, for a document without aliases or tagged collections, the data.
    const tree = readTree(doc.contents, file, lines);
    return { path: file, name: file, source: file, data: tree.data ?? doc.toJS({ maxAliasCount: 100 }) ?? {}, positions: tree.positions };
  } catch (error) {
    // Only the alias limit is left to throw once the YAML parsed.
    return [unreadable({ line: 1, col: 1 }, (error as Error).message)];
  }
}

function checkDomain(v: ValidatorPackage, domain: string, report: Report): void {
  try {
    v.selfServiceAudience(domain);
  } catch {
    report("/domain", `"${domain}" is not a host name such as login.example.com (no scheme, path or user)`);
  }
}

function checkClient(v: ValidatorPackage, client: ClientFile, at: string, report: Report): void {
  client.redirectUris?.forEach((uri, i) => {
    const url = URL.canParse(uri) ? new URL(uri) : null;
    if (url === null || !/^https?:$/.test(url.protocol) || url.hash !== "") report(`${at}/redirectUris/${i}`, `"${uri}" is not an absolute http(s) URL without a fragment (RFC 6749 §3.1.2)`);
  });
  const form = client.selfServiceScopes === undefined ? null : v.checkSelfServiceScopes(client.selfServiceScopes);
  if (form !== null && !form.ok) report(`${at}/selfServiceScopes`, `${form.message} (authentication rule ${form.rule})`);
}

/** Only the user-flow policy may change: the validator refuses another client-flow policy with the rule that fixes it (rule 7). */
function checkPolicies(v: ValidatorPackage, policies: Readonly<Record<string, string>>, report: Report): void {
  const fixedRule = v.AUTH_RULES.find((rule) => rule.kind === "grant_not_allowed")?.id;
  for (const [flow, policy] of Object.entries(policies)) {
    const check = v.accessPolicyScopes({ flow: flow as "user_flows", policy: policy as "allow_all", requested: [], clientGrant: [] });
    if (!check.ok && check.rule === fixedRule) report(`/accessPolicies/${escapePointerToken(flow)}`, `${check.message} (authentication rule ${check.rule})`);
  }
}

/**
 * A scenario rule needs `call` or `from`, and its error must be a row of the operation's table
 * (of every management operation's, without one), looked up as the stand-in answers it: through the
 * served validator's errorResponse, so a code the table lacks is reported here, not at the call.
 */
function checkFault(v: ValidatorPackage, fault: FaultFile, at: string, report: Report): void {
  if ((fault.call === undefined) === (fault.from === undefined)) report(at, `a fault needs "call" (one call) or "from" (every call from then on), not ${fault.call === undefined ? "neither" : "both"}`);
  for (const op of fault.operation !== undefined ? [fault.operation] : MANAGEMENT_OPERATIONS) {
    if (v.errorResponse(op, fault.error as "invalid_request").body.errorCode === "unknown_error") report(`${at}/error`, `"${fault.error}" is no row of ${op}'s error table`);
  }
}

function checkWithSpec(v: ValidatorPackage, data: ServeConfigFile, report: Report): void {
  if (data.domain !== undefined) checkDomain(v, data.domain, report);
  data.clients?.forEach((client, i) => {
    checkClient(v, client, `/clients/${i}`, report);
    if (data.clients!.findIndex((c) => c.id === client.id) !== i) report(`/clients/${i}/id`, `two clients have the id "${client.id}"`);
  });
  if (data.accessPolicies !== undefined) checkPolicies(v, data.accessPolicies, report);
  data.faults?.forEach((fault, i) => checkFault(v, fault, `/faults/${i}`, report));
}

function client(facts: SpecFacts, c: ClientFile): ClientConfig {
  const clientCredentials = facts.grantOf.ClientCredentialsTokenRequest;
  return {
    id: c.id,
    secret: c.secret,
    global: c.global ?? false,
    grantTypes: c.grantTypes ?? (clientCredentials === undefined ? [] : [clientCredentials]),
    scopes: c.scopes ?? [],
    selfServiceScopes: c.selfServiceScopes ?? null,
    redirectUris: c.redirectUris ?? [],
  };
}

/** The file's settings over the defaults; `tokenLimit` and `anonymousLimit` follow `limit` when only it is given. */
function configOf(facts: SpecFacts, data: ServeConfigFile): ServeConfigInput {
  const d = DEFAULT_CONFIG;
  const limit = data.rateLimit?.limit;
  const rateLimit = { ...d.rateLimit, ...(limit !== undefined && { tokenLimit: limit, anonymousLimit: limit }), ...data.rateLimit };
  const userFlowPolicy = data.accessPolicies?.user_flows as ServeConfigInput["userFlowPolicy"];
  const faults = (data.faults ?? []).map((f): FaultRule => ({ ...(f.operation !== undefined && { operation: f.operation }), error: f.error, ...(f.call !== undefined && { call: f.call }), ...(f.from !== undefined && { from: f.from }) }));
  return {
    ...d,
    ...(data.domain !== undefined && { domain: data.domain }),
    ...(data.clients !== undefined && { clients: data.clients.map((c) => client(facts, c)) }),
    rateLimit,
    limits: { ...d.limits, ...data.limits },
    ...(userFlowPolicy !== undefined && { userFlowPolicy }),
    ...(data.tokenLifetimeSeconds !== undefined && { tokenLifetimeSeconds: data.tokenLifetimeSeconds }),
    ...(data.maxBodyBytes !== undefined && { maxBodyBytes: data.maxBodyBytes }),
    faults,
  };
}

async function readSigningKey(file: SpecFile, name: string, report: Report): Promise<SigningKey | null> {
  try {
    return await importSigningKey(readFileSync(resolve(dirname(file.path), name), "utf8"));
  } catch (error) {
    report("/signingKey", `the key in ${name} cannot be used: ${(error as Error).message}`);
    return null;
  }
}

/** The config in `file` (shown as `file` in problems), checked against the served spec. */
export async function loadConfigFile(file: string, packages: ServedPackages): Promise<LoadedConfig> {
  const read = readConfigYaml(file);
  if (Array.isArray(read)) return { problems: read };
  const facts = specFacts(packages);
  const shape = shapeDiagnostics(read, shapeAjv().compile(serveConfigSchema(facts)), CONFIG_CODES);
  if (shape.length > 0) return { problems: sortDiagnostics(shape) };
  const data = read.data as ServeConfigFile;
  const problems: Diagnostic[] = [];
  const report: Report = (pointer, message) => problems.push(diagnostic(locIn(read, pointer), "ServeConfigInvalidValue", message));
  checkWithSpec(packages.validator, data, report);
  const signingKey = data.signingKey === undefined ? null : await readSigningKey(read, data.signingKey, report);
  if (problems.length > 0) return { problems: sortDiagnostics(problems) };
  return { config: configOf(facts, data), signingKey };
}
