/**
 * The query of a request (GET /authorize) as the validator reads it: one string per parameter. A
 * parameter given twice is refused (RFC 6749 §3.1: "Request and response parameters MUST NOT be
 * included more than once").
 */
import { requestField } from "./request-field.js";
import { BodyProblem } from "./body.js";
import type { ServiceRequest } from "./public-types.js";

function repeated(name: string): BodyProblem {
  return new BodyProblem(false, [{ code: "repeated_field", path: `/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, message: `"${name.slice(0, 100)}" is given more than once` }]);
}

function fromParams(params: URLSearchParams): Record<string, string> | BodyProblem {
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(query, name)) return repeated(name);
    // defineProperty: a parameter named __proto__ is data, not a prototype.
    Object.defineProperty(query, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return query;
}

function searchOf(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return "";
  const end = url.indexOf("#", start);
  return url.slice(start + 1, end < 0 ? undefined : end);
}

/** The parameters, or the problem (a 400). An object of values is validated as it is. */
export function readQuery(request: ServiceRequest): unknown {
  // Never Object.prototype's: a polluted Object.prototype.query must not become the request's query.
  const query = requestField(request, "query");
  if (query instanceof URLSearchParams) return fromParams(query);
  if (typeof query === "string") return fromParams(new URLSearchParams(query.startsWith("?") ? query.slice(1) : query));
  if (query !== undefined) return query;
  const url = requestField(request, "url");
  if (typeof url === "string") return fromParams(new URLSearchParams(searchOf(url)));
  return new BodyProblem(false, [{ code: "required", path: "", message: "the request has no query (give `query` or `url`)" }]);
}
