/**
 * A field of the request object the service hands the check (`method`, `headers`, `claims`, ...):
 * its own property, or a getter or value a class in its prototype chain defines, so a framework's
 * request object (Fastify's, whose `method` and `headers` are getters of its class) reads as the
 * service's own code reads it. Never one on `Object.prototype` or on a prototype no class owns (an
 * object `Object.assign` was given a `__proto__` key from JSON), so polluted or injected `claims`
 * authenticate no one; never a method (`own.ts`' `methodOf` finds those, without running getters).
 */
import { hasOwn } from "../own.js";

/** A class's `prototype` object: its own `constructor` is a function whose `prototype` it is (JSON makes no functions). */
function isClassPrototype(o: object): boolean {
  const constructor: unknown = hasOwn.call(o, "constructor") ? (o as { constructor: unknown }).constructor : undefined;
  return typeof constructor === "function" && (constructor as { prototype?: unknown }).prototype === o;
}

export function requestField(request: object, key: string): unknown {
  if (hasOwn.call(request, key)) return (request as Record<string, unknown>)[key];
  for (let o = Object.getPrototypeOf(request) as object | null; o !== null && o !== Object.prototype && isClassPrototype(o); o = Object.getPrototypeOf(o) as object | null) {
    if (!hasOwn.call(o, key)) continue;
    const value = (request as Record<string, unknown>)[key];
    return typeof value === "function" ? undefined : value;
  }
  return undefined;
}
