/**
 * Pattern formats as code. A format such as `^ac_[A-Za-z0-9]{1,27}$` is checked on every action;
 * as a regular expression it costs ~100 ns on this machine, as a loop over char codes a tenth of
 * that. Only a narrow, provably equivalent subset is compiled: anchored at both ends, a sequence of
 * ASCII literals and positive ASCII classes with quantifiers, where a variable count is only allowed
 * last or before an atom it cannot match (so greedy matching never needs to backtrack). Anything
 * else becomes a deterministic automaton (dfa-matcher.ts), a little slower per character but
 * linear all the same. Like that one, a loop reads each character at most once.
 */

interface Atom {
  /** Allowed char codes, as inclusive ranges. */
  readonly ranges: readonly (readonly [number, number])[];
  readonly min: number;
  readonly max: number;
}

const META = new Set([..."\\^$.|?*+()[]{}"]);

function isPlainAscii(code: number): boolean {
  return code >= 0x20 && code < 0x7f;
}

/** One character of a class or a literal, escapes included; returns [code, next index] or null. */
function readChar(p: string, i: number, inClass: boolean): [number, number] | null {
  const c = p[i];
  if (c === undefined) return null;
  if (c === "\\") {
    const next = p[i + 1];
    if (next === undefined || /[A-Za-z0-9]/.test(next)) return null; // \d, \w, \u… and friends: not handled
    return [next.charCodeAt(0), i + 2];
  }
  if (!inClass && META.has(c)) return null;
  if (inClass && (c === "[" || c === "]")) return null;
  return isPlainAscii(c.charCodeAt(0)) ? [c.charCodeAt(0), i + 1] : null;
}

function readClass(p: string, start: number): [Atom["ranges"], number] | null {
  if (p[start + 1] === "^") return null;
  const ranges: [number, number][] = [];
  let i = start + 1;
  while (p[i] !== "]") {
    const low = readChar(p, i, true);
    if (low === null) return null;
    i = low[1];
    if (p[i] === "-" && p[i + 1] !== "]") {
      const high = readChar(p, i + 1, true);
      if (high === null || high[0] < low[0]) return null;
      ranges.push([low[0], high[0]]);
      i = high[1];
    } else ranges.push([low[0], low[0]]);
  }
  return ranges.length > 0 ? [ranges, i + 1] : null;
}

function readQuantifier(p: string, i: number): [number, number, number] | null {
  const c = p[i];
  if (c === "+") return [1, Infinity, i + 1];
  if (c === "*") return [0, Infinity, i + 1];
  if (c === "?") return [0, 1, i + 1];
  if (c !== "{") return [1, 1, i];
  const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
  return max < min ? null : [min, max, i + m[0].length];
}

function readAtom(p: string, i: number): [Atom["ranges"], number] | null {
  if (p[i] === "[") return readClass(p, i);
  const c = readChar(p, i, false);
  return c === null ? null : [[[c[0], c[0]]], c[1]];
}

function parse(pattern: string): Atom[] | null {
  if (!pattern.startsWith("^") || !pattern.endsWith("$") || pattern.endsWith("\\$")) return null;
  const p = pattern.slice(1, -1);
  const atoms: Atom[] = [];
  for (let i = 0; i < p.length; ) {
    const atom = readAtom(p, i);
    const q = atom === null ? null : readQuantifier(p, atom[1]);
    if (atom === null || q === null || p[q[2]] === "?" || p[q[2]] === "+") return null; // lazy forms too
    atoms.push({ ranges: atom[0], min: q[0], max: q[1] });
    i = q[2];
  }
  return atoms;
}

function overlaps(a: Atom, b: Atom): boolean {
  return a.ranges.some(([l1, h1]) => b.ranges.some(([l2, h2]) => l1 <= h2 && l2 <= h1));
}

/** Greedy is exact when every variable atom is last, or is followed by a mandatory atom it cannot match. */
function greedyIsExact(atoms: readonly Atom[]): boolean {
  return atoms.every((a, i) => {
    const next = atoms[i + 1];
    return a.min === a.max || next === undefined || (next.min >= 1 && !overlaps(a, next));
  });
}

function testCode(ranges: Atom["ranges"]): string {
  return ranges.map(([low, high]) => (low === high ? `u === ${low}` : `(u >= ${low} && u <= ${high})`)).join(" || ");
}

function stepCode(a: Atom): string {
  const only = a.ranges.length === 1 && a.ranges[0]![0] === a.ranges[0]![1] ? a.ranges[0]![0] : undefined;
  if (only !== undefined && a.min === 1 && a.max === 1) return `  if (i >= n || s.charCodeAt(i) !== ${only}) return false;\n  i++;`;
  const end = a.max === Infinity ? "n" : `Math.min(n, i + ${a.max})`;
  return `  {
    const start = i, end = ${end};
    while (i < end) {
      const u = s.charCodeAt(i);
      if (!(${testCode(a.ranges)})) break;
      i++;
    }
    if (i - start < ${a.min}) return false;
  }`;
}

/**
 * JavaScript source of a function `(s: string) => boolean` equivalent to `new RegExp(pattern, "u").test(s)`,
 * or null when the pattern is outside the compiled subset.
 */
export function compilePattern(pattern: string): string | null {
  const atoms = parse(pattern);
  if (atoms === null || atoms.length === 0 || !greedyIsExact(atoms)) return null;
  return `function (s) {\n  const n = s.length;\n  let i = 0;\n${atoms.map(stepCode).join("\n")}\n  return i === n;\n}`;
}
