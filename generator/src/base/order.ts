/**
 * The one ordering rule for everything the generator sorts: code-unit order, never the locale's,
 * so output is the same on every machine.
 */

export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A map's entries by key, for mappings whose key order carries no meaning. */
export function sortedEntries<T>(map: Readonly<Record<string, T>>): [string, T][] {
  return Object.entries(map).sort(([a], [b]) => byCodeUnit(a, b));
}
