/**
 * "Did you mean …?": the candidate closest to a misspelt word. One home for the rule, shared by the
 * validator (unknown properties), the generator's spec diagnostics and the command line.
 *
 * Distance is optimal string alignment (Levenshtein plus a swap of two neighbours as one edit), on
 * lower-cased text so `Connection_ID` finds `connection_id`. A candidate is offered only within a
 * third of the word's length (at least 1 edit from three characters on), so unrelated names are never
 * suggested; failing that, the one candidate the word is the beginning of (a name written short). Words longer
 * than MAX_WORD are not compared at all: the cost stays bounded on hostile input.
 */

const MAX_WORD = 64;

type Rows = readonly [Int32Array, Int32Array, Int32Array];

/**
 * The alignment table's last three rows, made on first use (so a bundle without did-you-mean holds
 * none), kept between calls and grown when a word needs it: the validator runs this on its error
 * path for every unknown name, and rows built per character made an unknown action cost as much as
 * checking the flow around it.
 */
let rows: Rows | undefined;

function rowsFor(length: number): Rows {
  if (rows === undefined || length >= rows[0].length) {
    const size = Math.max(length, MAX_WORD) + 2;
    rows = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  }
  return rows;
}

function distance(a: string, b: string, limit: number): number {
  // Computed first, where every call computes it: a sum first computed on a rare return made the
  // optimised code of this function and of closestMatch deoptimise there.
  const tooFar = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return tooFar;
  // Lower-casing can lengthen a word (U+0130 becomes two code units).
  const kept = rowsFor(b.length + 1);
  // Three plain reads: destructuring the tuple (fewer bytes) made an unknown action type take half
  // as long again, in Node 20.
  let before = kept[0];
  let previous = kept[1];
  let current = kept[2];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  // The answer, the last row's last cell, read in every row: read once after the last row, that
  // read first came long after this function was optimised, and deoptimised it.
  let end = 0;
  for (let i = 1; i <= a.length; i++) {
    const x = a.charCodeAt(i - 1);
    current[0] = i;
    let rowMin = i;
    // A path through column j of this row costs at least |j - i| to get there and the difference
    // of the lengths left, |(b.length - j) - (a.length - i)|, to go on: from half the limit right
    // of the diagonal (plus half the length difference) on, more than the limit. The row stops
    // there, and the cell after its end reads as too far for the next row. Most candidates are
    // far, and are rejected after a few short rows.
    const last = Math.min(b.length, i + ((limit + b.length - a.length) >> 1));
    current[last + 1] = tooFar;
    for (let j = 1; j <= last; j++) {
      const y = b.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (x === y ? 0 : 1));
      if (i > 1 && j > 1 && x === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === y) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return tooFar;
    end = current[b.length]!;
    const oldest = before;
    before = previous;
    previous = current;
    current = oldest;
  }
  return end;
}

/** The letters of a lower-cased word, each character as bit `code & 31`: see `closestMatch`. */
function letters(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

/** Whether `mask` has at least `count` bits set. */
function hasBits(mask: number, count: number): boolean {
  for (; count > 0 && mask !== 0; mask &= mask - 1) count--;
  return count === 0;
}

/**
 * The last list that cannot change (a frozen array) and the letters of each of its names: the
 * validator asks with the variant table's frozen list of types for every unknown action type.
 */
let keptList: unknown;
let keptLetters: readonly number[];

/** Keeps a frozen list's letters (a plain loop: a map with its callback compiles to much more). */
function keep(names: readonly string[]): void {
  const masks: number[] = [];
  for (const name of names) masks.push(letters(name.toLowerCase()));
  keptList = names;
  keptLetters = masks;
}

/**
 * The closest candidate, or undefined when none is close enough (ties: the first in the list),
 * failing that the one candidate that begins with the word (`CreateFlowRequest` →
 * `CreateFlowRequestContent`), from four characters on. One pass finds both.
 *
 * Most candidates are far from the word, and most of those are set aside by their letters (a
 * frozen list's made once, not for each question) before any alignment table is made: each letter
 * of one word that the other lacks costs an edit of its own (it must be replaced, deleted or
 * inserted; a swap moves letters, it does not change them), so the distance is at least the count
 * of such letters, counted on either side; and a candidate that lacks a letter of the word does
 * not begin with it. Letters are folded to 32 bits, which can only lower the count, so the bound
 * still holds. An unknown type among the wide spec's 250 types took 18 µs,
 * and takes 1.5 µs.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length === 0 || word.length > MAX_WORD) return undefined;
  const lower = word.toLowerCase();
  const mask = letters(lower);
  // Short words have too many neighbours: below three characters only a difference of case counts.
  const limit = word.length < 3 ? 0 : Math.max(1, Math.floor(word.length / 3));
  const names = Array.isArray(candidates) ? (candidates as readonly string[]) : [...candidates];
  if (names !== keptList && Object.isFrozen(names)) keep(names);
  const kept = names === keptList;
  let best: string | undefined;
  let bestDistance = limit + 1;
  // The candidate the word begins: null once a second one does.
  let extension: string | null | undefined;
  for (let i = 0; i < names.length; i++) {
    const candidate = names[i]!;
    if (candidate.length > MAX_WORD) continue;
    const other = kept ? keptLetters[i]! : letters(candidate.toLowerCase());
    const missing = mask & ~other;
    if (lower.length > 3 && candidate.length !== lower.length && missing === 0 && candidate.toLowerCase().startsWith(lower)) extension = extension === undefined ? candidate : null;
    if (candidate === word || hasBits(missing, bestDistance) || hasBits(other & ~mask, bestDistance)) continue;
    // Within the limit, and then only closer than the best so far (bestDistance starts past the limit).
    const d = distance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best ?? extension ?? undefined;
}

/** `; did you mean "x"?` or the empty string, for appending to a message (`quote`: how names are quoted there). */
export function didYouMean(word: string, candidates: Iterable<string>, quote = '"'): string {
  return suggestionText(closestMatch(word, candidates), quote);
}

/** The words for a match already found (the validator finds it while checking, and words it later). */
export function suggestionText(match: string | undefined, quote = '"'): string {
  return match === undefined ? "" : `; did you mean ${quote}${match}${quote}?`;
}
