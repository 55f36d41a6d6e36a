/**
 * Reading one request header from a Fetch `Headers` (anything with `get`) or a plain object such as
 * Node's `IncomingHttpHeaders`, whose names may be in any case.
 */

import { hasOwn, methodOf } from "../own.js";

/** A header given more than once where one value is expected. */
export const REPEATED = /* @__PURE__ */ Symbol("repeated header");

function single(value: unknown): string | undefined | typeof REPEATED {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.length === 1 ? single(value[0]) : REPEATED;
  return undefined;
}

/** The value of header `name` (lower-case), `undefined` when absent, REPEATED when given twice. */
export function headerValue(headers: unknown, name: string): string | undefined | typeof REPEATED {
  if (typeof headers !== "object" || headers === null) return undefined;
  const get = methodOf(headers, "get");
  if (get !== undefined) return single(get.call(headers, name));
  const record = headers as Record<string, unknown>;
  if (hasOwn.call(record, name)) return single(record[name]);
  let found: string | undefined | typeof REPEATED;
  for (const key of Object.keys(record)) {
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    const value = single(record[key]);
    if (value === undefined) continue;
    if (found !== undefined) return REPEATED;
    found = value;
  }
  return found;
}
