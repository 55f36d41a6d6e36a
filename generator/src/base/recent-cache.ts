/**
 * The one bounded cache of the generator's process-level reuse (loaded spec texts and files,
 * checked IRs, emitted packages, esbuild bundles, fixture checks, the reference's links between
 * pages, generated names): it keeps the `max` entries used last, newest last, so a long
 * `generate --watch` holds a few specs' worth, never every edit's.
 */
export class RecentCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** The value kept for `key` while `stillGood` says so (it becomes the newest), else `make()`'s, kept. */
  get(key: K, make: () => V, stillGood: (value: V) => boolean = () => true): V {
    let value = this.#entries.get(key);
    if (value !== undefined) this.#entries.delete(key);
    if (value === undefined || !stillGood(value)) value = make();
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }
}
