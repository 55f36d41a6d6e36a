/**
 * The stand-in started in process on a loopback port (port 0), serving the committed packages, and
 * small clients for it: a token from the client-credentials grant, JSON calls, and the fetch shim
 * that points the vendor's SDKs (which only know `https://{domain}`) at it.
 */
import { loadServedPackages, type ServedPackages } from "../../../generator/src/stand-in/served-packages.ts";
import { DEFAULT_CONFIG, type ServeConfig } from "../../../generator/src/stand-in/config.ts";
import { startServe, type RunningServe } from "../../../generator/src/stand-in/server.ts";
import { generateSigningKey, type SigningKey } from "../../../generator/src/stand-in/signing-key.ts";
import { validateCreateFlowResponse } from "../../../packages/validator/dist/index.js";
import { PACKAGES, REAL_SPEC } from "../../support/paths.ts";

let packages: Promise<ServedPackages> | null = null;

/** The committed packages, loaded once per worker. */
export function servedPackages(): Promise<ServedPackages> {
  packages ??= loadServedPackages(PACKAGES, REAL_SPEC).then((p) => {
    if (typeof p === "string") throw new Error(p);
    return p;
  });
  return packages;
}

let sharedKey: Promise<SigningKey> | null = null;

/** One RSA key per worker: generating one takes a tenth of a second or more, and no test needs its own. */
export function testSigningKey(): Promise<SigningKey> {
  sharedKey ??= generateSigningKey();
  return sharedKey;
}

export interface StandInOptions {
  readonly config?: Partial<ServeConfig>;
  readonly signingKey?: SigningKey;
}

export async function startStandIn(options: StandInOptions = {}): Promise<RunningServe> {
  return startServe({ ...(await servedPackages()), config: { ...DEFAULT_CONFIG, ...options.config }, signingKey: options.signingKey ?? (await testSigningKey()), port: 0 });
}

export const ADMIN = { id: "flowspec-admin", secret: "flowspec-admin-secret" } as const;
export const APP = { id: "flowspec-app", secret: "flowspec-app-secret" } as const;
export const MANAGEMENT_AUDIENCE = `https://${DEFAULT_CONFIG.domain}/api/v2/`;
export const SELF_SERVICE_AUDIENCE = `https://${DEFAULT_CONFIG.domain}/me/`;

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

export async function reply(response: Response): Promise<Reply> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/**
 * Why a created flow the stand-in answered (201 to POST /api/v2/flows) does not follow
 * CreateFlowResponseContent, or null when it does. The stand-in does not check its own answers
 * while serving: every call and every SDK request of these tests holds it to the record instead.
 */
export function createdFlowProblem(body: unknown): string | null {
  const result = validateCreateFlowResponse(body);
  return result.ok ? null : `the created flow does not follow CreateFlowResponseContent: ${result.issues.map((i) => `${i.path} ${i.message}`).join("; ")}`;
}

async function heldToTheRecord(method: string, url: string, response: Response): Promise<Response> {
  if (method !== "POST" || response.status !== 201 || new URL(url).pathname !== "/api/v2/flows") return response;
  const problem = createdFlowProblem(JSON.parse(await response.clone().text()));
  if (problem !== null) throw new Error(problem);
  return response;
}

export interface CallInit {
  readonly token?: string;
  readonly type?: string;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export async function call(base: string, method: string, path: string, init: CallInit = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.type !== undefined) headers["content-type"] = init.type;
  const url = `${base}${path}`;
  return reply(await heldToTheRecord(method, url, await fetch(url, { method, headers, redirect: "manual", ...(init.body !== undefined && { body: init.body }) })));
}

export function form(fields: Readonly<Record<string, string>>): string {
  return new URLSearchParams(fields).toString();
}

/** A management token from the client-credentials grant, form-encoded as the SDKs send it. */
export async function clientToken(base: string, client: { readonly id: string; readonly secret: string }, scope?: string): Promise<string> {
  const fields = { grant_type: "client_credentials", client_id: client.id, client_secret: client.secret, audience: MANAGEMENT_AUDIENCE, ...(scope !== undefined && { scope }) };
  const r = await call(base, "POST", "/oauth/token", { type: "application/x-www-form-urlencoded", body: form(fields) });
  if (r.status !== 200 || typeof r.body.access_token !== "string") throw new Error(`no token: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.access_token;
}

/** A fetch that sends `https://{domain}/…` to the stand-in: the SDKs take no base URL, only a domain. */
export function localFetch(base: string, domain = DEFAULT_CONFIG.domain): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const local = url.replace(`https://${domain}`, base);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    return heldToTheRecord(method.toUpperCase(), local, await (input instanceof Request ? fetch(new Request(local, input), init) : fetch(local, init)));
  };
}
