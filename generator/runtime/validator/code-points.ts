/**
 * String lengths in Unicode code points, as JSON Schema counts them (an emoji is one character).
 * The compiled code calls these only when `.length` cannot decide: a string of n UTF-16 code units
 * has between ceil(n/2) and n code points.
 */

/** Code points in `s`: every code unit, less one for each high surrogate followed by a low one. */
export function codePointLength(s: string): number {
  const units = s.length;
  let pairs = 0;
  for (let i = 0; i < units - 1; i++) {
    const unit = s.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return units - pairs;
}

/** True when `s` has more than `limit` code points (called when `s.length > limit`). */
export function exceedsCodePoints(s: string, limit: number): boolean {
  return s.length > 2 * limit || codePointLength(s) > limit;
}

/** True when `s` has fewer than `limit` code points (called when `s.length < 2 * limit`). */
export function fallsShortOfCodePoints(s: string, limit: number): boolean {
  return s.length < limit || codePointLength(s) < limit;
}
