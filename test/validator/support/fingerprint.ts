/**
 * A string that changes whenever anything reachable in a value changes: every own key (in order),
 * every value with its type, prototypes that are not the usual one, holes, Map and Set entries.
 * Taken before and after a validator runs, it shows the input was not touched, without freezing it
 * (a validator writing to a frozen object would throw, be caught, and go unnoticed).
 */
export function fingerprint(value: unknown): string {
  const seen = new Map<object, number>();
  const parts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "bigint") return void parts.push(`n${v}`);
    if (typeof v === "number") return void parts.push(Object.is(v, -0) ? "-0" : `d${v}`);
    if (typeof v === "string") return void parts.push(JSON.stringify(v));
    if (typeof v === "symbol") return void parts.push(`y${String(v.description)}`);
    if (typeof v === "function") return void parts.push("f");
    if (v === null || typeof v !== "object") return void parts.push(String(v));
    const id = seen.get(v);
    if (id !== undefined) return void parts.push(`@${id}`);
    seen.set(v, seen.size);
    const proto = Object.getPrototypeOf(v) as unknown;
    parts.push(`{${Object.prototype.toString.call(v)}${proto === null ? " null" : ""}`);
    if (v instanceof Map) for (const [k, item] of v) (walk(k), walk(item));
    if (v instanceof Set) for (const item of v) walk(item);
    if (v instanceof Date) parts.push(`t${v.getTime()}`);
    if (Array.isArray(v)) parts.push(`#${v.length}`);
    for (const key of Reflect.ownKeys(v)) {
      parts.push(typeof key === "symbol" ? `[${String(key.description)}]` : `.${key}`);
      const descriptor = Object.getOwnPropertyDescriptor(v, key)!;
      if ("value" in descriptor) walk(descriptor.value);
      else parts.push("get");
    }
    parts.push("}");
  };
  walk(value);
  return parts.join(" ");
}

/**
 * The names on the built-in prototypes a polluting write would add to, in the engine's order (index
 * keys, then the others as they were created): a name added, removed or added again changes it, and
 * a call per validation costs no sort.
 */
export function prototypeNames(): string {
  return [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).join(",")).join("|");
}
