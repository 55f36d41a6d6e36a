/** Reading the input as JSON Schema validators do: objects are not arrays, and only own properties count. */

/** `Object.prototype.hasOwnProperty`, bound once for the runtime (generated key loops spell it out: see checks/sites.ts). */
export const hasOwn = Object.prototype.hasOwnProperty;

export function isObjectLike(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An own property's value; undefined when absent or inherited. */
export function ownValue(value: object, key: string): unknown {
  const found = (value as Record<string, unknown>)[key];
  return found !== undefined && hasOwn.call(value, key) ? found : undefined;
}

/**
 * The generated checks' second look at the declared properties (`names`) their key pass did not
 * see, asked only when something is wrong or a plain read found something there: each missing
 * value becomes the property's own value, if it has one (an own property that is not enumerable
 * still counts; an inherited one does not). Every such property is read, as the generated code
 * reads it on the valid path (a getter that throws is reported wherever it is). Returns `values`,
 * filled in.
 */
export function ownValues(value: object, names: readonly string[], values: unknown[]): unknown[] {
  for (let i = 0; i < names.length; i++) if (values[i] === undefined) values[i] = ownValue(value, names[i]!);
  return values;
}
