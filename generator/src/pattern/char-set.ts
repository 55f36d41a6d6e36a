/**
 * Sets of Unicode code points as sorted, disjoint, non-adjacent inclusive ranges: what one
 * character of a pattern can match (a literal, a class, `.`, `\d`). Patterns are read with the `u`
 * flag, so a character is a code point (a lone surrogate is one too).
 */

export type Range = readonly [low: number, high: number];
export type CharSet = readonly Range[];

const MAX_CODE_POINT = 0x10ffff;

export const ANY: CharSet = [[0, MAX_CODE_POINT]];

export function single(code: number): CharSet {
  return [[code, code]];
}

/** Sorted and merged: the one form every other function expects. */
export function normalise(ranges: readonly Range[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else out.push([low, high]);
  }
  return out;
}

export function union(...sets: readonly CharSet[]): CharSet {
  return normalise(sets.flat());
}

export function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [low, high] of set) {
    if (low > next) out.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** `\d`, `\w` and `\s` as ECMA-262 defines them (no `i` flag). */
export const DIGIT: CharSet = [[0x30, 0x39]];
export const WORD: CharSet = normalise([[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]]);
export const SPACE: CharSet = normalise([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
/** What `.` matches without the `s` flag: anything but a line terminator. */
export const DOT: CharSet = complement(normalise([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]]));

/**
 * The coarsest partition of the code points such that each given set is a union of its blocks:
 * every block is described by the ranges it covers. Automata step on block numbers, not code points.
 */
export function partition(sets: readonly CharSet[]): CharSet[] {
  const cuts = new Set<number>([0, MAX_CODE_POINT + 1]);
  for (const set of sets) for (const [low, high] of set) cuts.add(low).add(high + 1);
  const points = [...cuts].sort((a, b) => a - b);
  const index = new Map(points.map((p, i) => [p, i]));
  // members[i]: the sets that cover elementary interval i (each set marks the intervals it spans).
  const members: number[][] = points.slice(0, -1).map(() => []);
  sets.forEach((set, s) => {
    for (const [low, high] of set) for (let i = index.get(low)!; i < index.get(high + 1)!; i++) members[i]!.push(s);
  });
  const blocks = new Map<string, [number, number][]>();
  for (let i = 0; i + 1 < points.length; i++) {
    const signature = members[i]!.join(",");
    let block = blocks.get(signature);
    if (block === undefined) blocks.set(signature, (block = []));
    block.push([points[i]!, points[i + 1]! - 1]);
  }
  return [...blocks.values()].map(normalise);
}

/** True when `inner` lies wholly inside `outer`. */
export function isSubset(inner: CharSet, outer: CharSet): boolean {
  return inner.every(([low, high]) => outer.some(([l, h]) => low >= l && high <= h));
}
