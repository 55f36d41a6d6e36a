/**
 * Freezes a value and everything it holds, so that what one reader is handed no other can change:
 * the IR every emitter reads, and the loaded files and checked results a process keeps and hands
 * out again (a spec file's position index included). An object already frozen is taken as frozen
 * through.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    // Loops that allocate nothing: this runs on every object of the IR, once per generate.
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    } else if (value instanceof Map) {
      // A Map's or Set's entries are not properties: freeze what they hold (their `set` and `add`
      // stay callable, so the readonly types guard those).
      for (const [key, child] of value) {
        deepFreeze(key);
        deepFreeze(child);
      }
    } else if (value instanceof Set) {
      for (const child of value) deepFreeze(child);
    } else {
      for (const key in value) if (Object.hasOwn(value, key)) deepFreeze((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}
