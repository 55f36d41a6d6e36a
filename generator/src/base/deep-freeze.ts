/**
 * Freezes a value and everything it holds, so that what one reader is handed no other can change:
 * the IR every emitter reads, and the loaded files and checked results a process keeps and hands
 * out again. An object already frozen is taken as frozen through.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
