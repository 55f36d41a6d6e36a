/**
 * A field of the request object the service hands the check (`method`, `headers`, `claims`, ...).
 * Its own property, or one a class in its prototype chain defines, so a framework's request object
 * (Fastify's, a Fetch `Request`, whose `method` and `headers` are getters on their classes) reads as
 * it would in the service's code; never one on `Object.prototype`, so a polluted
 * `Object.prototype.claims` does not authenticate anyone.
 */
import { hasOwn } from "../own.js";

export function requestField(request: object, key: string): unknown {
  for (let o: object | null = request; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    if (hasOwn.call(o, key)) return (request as Record<string, unknown>)[key];
  }
  return undefined;
}
