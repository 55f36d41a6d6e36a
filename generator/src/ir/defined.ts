/** Keys whose value may be undefined become optional keys that are simply absent. */
export type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/**
 * Copies only the keys that are set, so an absent keyword stays absent rather than `undefined`
 * (the IR is compared, serialised and frozen; a stray `undefined` would show up in all three).
 */
export function defined<T extends object>(value: T): Defined<T> {
  // A loop, not entries → filter → fromEntries: the IR builder calls this for every schema node.
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) copy[key] = v;
  }
  return copy as Defined<T>;
}
