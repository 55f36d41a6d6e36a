/** Reading the input as JSON Schema validators do: objects are not arrays, and only own properties count. */

/** `Object.prototype.hasOwnProperty`, bound once for the runtime (generated key loops spell it out: see generator/src/emit/validator/code/sites.ts). */
export const hasOwn = Object.prototype.hasOwnProperty;

export function isObjectLike(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A method of `value` found on it or its prototypes short of `Object.prototype` (a Fetch `Headers`'
 * `get`), as a data property: one an attacker put on `Object.prototype` is not found, and no
 * getter runs.
 */
export function methodOf(value: object, name: string): ((...args: unknown[]) => unknown) | undefined {
  for (let o: object | null = value; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    const found = Object.getOwnPropertyDescriptor(o, name);
    if (found !== undefined) return typeof found.value === "function" ? (found.value as (...args: unknown[]) => unknown) : undefined;
  }
  return undefined;
}

/** An own property's value; undefined when absent or inherited (an inherited getter is never run). */
export function ownValue(value: object, key: string): unknown {
  return hasOwn.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
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
