/**
 * Freezes a value and everything it holds, so that what one reader is handed no other can change:
 * the IR every emitter reads, and the loaded files and checked results a process keeps and hands
 * out again (a spec file's position index included). An object already frozen is taken as frozen
 * through.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    // A Map's or Set's entries are not properties: freeze what they hold (their `set` and `add`
    // stay callable, so the readonly types guard those).
    const children = value instanceof Map ? [...value.keys(), ...value.values()] : value instanceof Set ? [...value] : Object.values(value);
    for (const child of children) deepFreeze(child);
  }
  return value;
}
