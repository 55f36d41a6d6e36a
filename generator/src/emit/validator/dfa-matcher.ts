/**
 * A deterministic automaton (generator/src/pattern/dfa.ts) as JavaScript: a loop that reads each
 * code point once and looks its next state up in a table, so checking a string costs time linear in
 * its length whatever the pattern, and no regular expression runs on the input. Surrogate pairs are
 * read as one code point and lone surrogates as themselves, as a `u`-flag RegExp reads them.
 */
import { MATCHED, type Dfa } from "../../pattern/dfa.js";

const ASCII = 128;
/** The character code of class 0 in `asciiClasses`' string. */
const CLASS_BASE = 48;

/** `[low, high, class]` for the code points from 128 on, in order (they cover all of them). */
function wideClasses(dfa: Dfa): number[] {
  const wide: [number, number, number][] = [];
  dfa.classes.forEach((ranges, k) => {
    for (const [low, high] of ranges) if (high >= ASCII) wide.push([Math.max(low, ASCII), high, k]);
  });
  return wide.sort((a, b) => a[0] - b[0]).flat();
}

/**
 * The class of each ASCII code, as a string of one character per code (`"0"` + class), which the
 * matcher expands at import into `row + code` → the next state's row: the expanded table is states ×
 * 128 numbers, the string 128 characters (about 100 bytes less min+gzip per automaton).
 */
function asciiClasses(dfa: Dfa): string {
  const classOf = new Array<number>(ASCII).fill(0);
  dfa.classes.forEach((ranges, k) => {
    for (const [low, high] of ranges) for (let c = low; c <= Math.min(high, ASCII - 1); c++) classOf[c] = k;
  });
  return JSON.stringify(String.fromCharCode(...classOf.map((k) => CLASS_BASE + k)));
}

/** A JavaScript expression whose value is `(s: string) => boolean`, the same as `new RegExp(pattern, "u").test(s)`. */
export function dfaMatcherSource(dfa: Dfa): string {
  if (dfa.initial < 0) return `function (s) {\n  return s.length === 0 ? ${dfa.matchesEmpty} : ${dfa.initial === MATCHED};\n}`;
  return `(() => {
  const next = new Int32Array([${dfa.transitions.map((t) => (t < 0 ? t : t * ASCII)).join(", ")}]);
  const classes = ${asciiClasses(dfa)};
  // row + code → the next state's row (a state's row is state * 128; DEAD and MATCHED stay negative)
  const ascii = new Int32Array(${dfa.acceptsAtEnd.length * ASCII});
  for (let row = 0; row < ascii.length; row += ${ASCII}) {
    for (let c = 0; c < ${ASCII}; c++) ascii[row + c] = next[(row >> 7) * ${dfa.classes.length} + classes.charCodeAt(c) - ${CLASS_BASE}];
  }
  const wide = [${wideClasses(dfa).join(", ")}];
  const accepts = new Uint8Array([${dfa.acceptsAtEnd.map((a) => (a ? 1 : 0)).join(", ")}]);
  return function (s) {
    const n = s.length;
    if (n === 0) return ${dfa.matchesEmpty};
    let row = ${dfa.initial * ASCII};
    for (let i = 0; i < n; i++) {
      let c = s.charCodeAt(i);
      if (c < ${ASCII}) row = ascii[row + c];
      else {
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const low = s.charCodeAt(i + 1);
          if (low >= 0xdc00 && low <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
            i++;
          }
        }
        let k = 0;
        while (c > wide[k + 1]) k += 3;
        row = next[(row >> 7) * ${dfa.classes.length} + wide[k + 2]];
      }
      if (row < 0) return row === ${MATCHED};
    }
    return accepts[row >> 7] === 1;
  };
})()`;
}
