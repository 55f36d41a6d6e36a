/** Reading the input as JSON Schema validators do: objects are not arrays, and only own properties count. */

const hasOwn = Object.prototype.hasOwnProperty;

export function isObjectLike(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An own property's value; undefined when absent or inherited. */
export function ownValue(value: object, key: string): unknown {
  const found = (value as Record<string, unknown>)[key];
  return found !== undefined && hasOwn.call(value, key) ? found : undefined;
}
