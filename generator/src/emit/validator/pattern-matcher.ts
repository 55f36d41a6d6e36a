/**
 * Pattern formats as code. A format such as `^ac_[A-Za-z0-9]{1,27}$` is checked on every action,
 * and on a flow of small actions these checks are most of the validator's time, so a class is one
 * lookup per character in a 128-entry table (built once, when the module loads), not a chain of
 * range comparisons whose branches the processor mispredicts on mixed letters and digits (25% slower
 * on a 25-character connection id). Only a narrow, provably equivalent subset is compiled: anchored
 * at both ends, a sequence of ASCII literals and positive ASCII classes with quantifiers, where a
 * variable count is only allowed last or before an atom it cannot match (so greedy matching never
 * needs to backtrack). Anything else becomes a deterministic automaton (dfa-matcher.ts), a little
 * slower per character but linear all the same. Like that one, a loop reads each character at most
 * once, and no regular expression runs on the input.
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

function singleCode(a: Atom): number | undefined {
  return a.ranges.length === 1 && a.ranges[0]![0] === a.ranges[0]![1] ? a.ranges[0]![0] : undefined;
}

/** `k<index>`: the atom's table, 1 for each ASCII code it allows (a code from 128 on reads undefined: not allowed). */
function tableCode(a: Atom, index: number): string {
  const ranges = a.ranges.map(([low, high]) => `[${low}, ${high + 1}]`).join(", ");
  return `  const k${index} = new Uint8Array(128);\n  for (const [from, to] of [${ranges}]) k${index}.fill(1, from, to);`;
}

function stepCode(a: Atom, index: number): string {
  const only = singleCode(a);
  if (only !== undefined && a.min === 1 && a.max === 1) return `  if (i >= n || s.charCodeAt(i) !== ${only}) return false;\n  i++;`;
  const end = a.max === Infinity ? "n" : `Math.min(n, i + ${a.max})`;
  const allowed = only !== undefined ? `s.charCodeAt(i) === ${only}` : `k${index}[s.charCodeAt(i)] === 1`;
  return `  {
    const start = i, end = ${end};
    while (i < end && ${allowed}) i++;
    if (i - start < ${a.min}) return false;
  }`;
}

/**
 * JavaScript source of an expression whose value is a function `(s: string) => boolean` equivalent
 * to `new RegExp(pattern, "u").test(s)`, or null when the pattern is outside the compiled subset.
 */
export function compilePattern(pattern: string): string | null {
  const atoms = parse(pattern);
  if (atoms === null || atoms.length === 0 || !greedyIsExact(atoms)) return null;
  const check = `function (s) {\n  const n = s.length;\n  let i = 0;\n${atoms.map(stepCode).join("\n")}\n  return i === n;\n}`;
  const tables = atoms.flatMap((a, i) => (singleCode(a) === undefined ? [tableCode(a, i)] : []));
  return tables.length === 0 ? check : `(() => {\n${tables.join("\n")}\n  return ${check};\n})()`;
}
