/** Data the package exports (AUTH_RULES, DEFAULT_ACCESS_POLICIES) is frozen all the way down. */
export function deepFrozen<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFrozen((value as Record<string, unknown>)[key]);
  }
  return value;
}
