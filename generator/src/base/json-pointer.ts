/**
 * Reads the value at a JSON Pointer (RFC 6901): own properties only, `~1` and `~0` decoded;
 * undefined where the path does not exist.
 */
export function valueAtPointer(value: unknown, pointer: string): unknown {
  let here = value;
  for (const raw of pointer.split("/").slice(1)) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (here === null || typeof here !== "object" || !Object.hasOwn(here, token)) return undefined;
    here = (here as Record<string, unknown>)[token];
  }
  return here;
}

/** A JSON Pointer's reference tokens, `~1` and `~0` decoded: `/a/b~1c` → `["a", "b/c"]`; "" → []. */
export function pointerSegments(pointer: string): string[] {
  return pointer === "" ? [] : pointer.split("/").slice(1).map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~"));
}
