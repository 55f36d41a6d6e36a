/**
 * Full URLs of interfaces and operations, from the servers of the spec root.
 */
import type { Interface, Operation, SpecIR } from "../../ir/model.js";
import { internalError } from "../../base/internal-error.js";

function serverUrl(ir: SpecIR, name: string): string {
  const server = ir.servers.find((s) => s.name === name);
  if (!server) throw internalError(`unknown server ${name}`);
  return server.url.replace(/\/+$/, "");
}

/** `https://{tenantDomain}/api/v2/flows` */
export function operationUrl(ir: SpecIR, op: Operation): string {
  return serverUrl(ir, op.server) + op.path;
}

/**
 * Where an interface's paths start. A server URL may already end in the base path (the
 * management server is `…/api/v2`); otherwise the base path is appended.
 */
export function interfaceBaseUrl(ir: SpecIR, iface: Interface): string {
  const url = serverUrl(ir, iface.server);
  const base = iface.basePath.replace(/\/+$/, "");
  if (base === "") return `${url}/`;
  return url.endsWith(base) ? url : url + iface.basePath;
}

export function interfaceOf(ir: SpecIR, name: string): Interface {
  const found = ir.interfaces.find((i) => i.name === name);
  if (!found) throw internalError(`unknown interface ${name}`);
  return found;
}
