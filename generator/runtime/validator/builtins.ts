/**
 * Built-ins the generated checks call, bound once. `hasOwn.call(v, k)` inside `for (const k in v)`
 * is a test V8 answers from the object's shape, so the key loops of the checks cost no lookups.
 */
export const hasOwn = Object.prototype.hasOwnProperty;
export const isArray = Array.isArray;
