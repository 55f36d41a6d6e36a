/**
 * Where each operation lives in the OpenAPI document. The spec's servers share one origin
 * (`https://{tenantDomain}`) and differ by a base path (`/api/v2`), so the document has that origin
 * as its one server and full paths (`/api/v2/flows`, `/oauth/token`): the shape every OpenAPI tool
 * routes and mocks alike. An operation on another origin keeps it as a path-level server.
 */
import type { Operation, SpecIR } from "../ir/model.js";
import { internalError } from "../base/internal-error.js";

type Json = Record<string, unknown>;

export interface OperationPlace {
  /** The origin template, e.g. `https://{tenantDomain}`. */
  readonly origin: string;
  /** The path from the origin, e.g. `/api/v2/flows`. */
  readonly path: string;
}

function splitUrl(url: string): { origin: string; prefix: string } {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/]+)(\/.*)?$/i.exec(url);
  if (!match) throw internalError(`a server URL without an origin: ${url}`);
  return { origin: match[1]!, prefix: (match[2] ?? "").replace(/\/+$/, "") };
}

function serverUrl(ir: SpecIR, name: string): string {
  const server = ir.servers.find((s) => s.name === name);
  if (!server) throw internalError(`unknown server ${name}`);
  return server.url;
}

export function operationPlace(ir: SpecIR, op: Operation): OperationPlace {
  const { origin, prefix } = splitUrl(serverUrl(ir, op.server));
  return { origin, path: prefix + op.path };
}

/** The document's server: the origin of the first operation (of the first server when there is none). */
export function documentOrigin(ir: SpecIR): string {
  const first = ir.operations[0];
  return first ? operationPlace(ir, first).origin : splitUrl(ir.servers[0]?.url ?? "https://{tenantDomain}").origin;
}

/** A Server Object; each `{variable}` gets the default OpenAPI requires. */
export function serverObject(url: string, description?: string): Json {
  const names = [...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const variables = Object.fromEntries(
    [...new Set(names)].map((name) => [name, { default: "login.example.com", description: "A domain of the tenant (canonical or custom)." }]),
  );
  return { url, ...(description !== undefined && { description }), ...(names.length > 0 && { variables }) };
}

/** `{auth_url}/oauth/token` → a URL relative to the document's origin when it is on it. */
export function resolveServerTemplate(ir: SpecIR, template: string): string {
  const url = template.replace(/^\{([^}]+)\}/, (_all, name: string) => serverUrl(ir, name).replace(/\/+$/, ""));
  const origin = documentOrigin(ir);
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}
