/**
 * Where a JSON text first breaks the grammar (RFC 8259), as an offset, for a parse error with a
 * line and column: `JSON.parse` on Node 20 names a position for some mistakes and not for others
 * (`[1,]`). Only called after `JSON.parse` has failed. Iterative, so any depth is safe.
 */

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;

function matchAt(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

/** The offset of the first character that cannot continue a JSON text, or -1 when it is valid. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const skip = () => {
    while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++;
  };
  // Each entry is the closing bracket of an open container; `expect` is what may come next.
  const open: string[] = [];
  let expect: "value" | "value-or-close" | "key" | "key-or-close" | "colon" | "comma-or-close" | "end" = "value";
  for (;;) {
    skip();
    const c = text[i];
    if (expect === "end") return i < text.length ? i : -1;
    if (c === undefined) return i;
    const close = open[open.length - 1];
    if ((expect === "value-or-close" || expect === "key-or-close" || expect === "comma-or-close") && c === close) {
      open.pop();
      i++;
      expect = open.length === 0 ? "end" : "comma-or-close";
    } else if (expect === "comma-or-close") {
      if (c !== ",") return i;
      i++;
      expect = close === "}" ? "key" : "value";
    } else if (expect === "colon") {
      if (c !== ":") return i;
      i++;
      expect = "value";
    } else if (expect === "key" || expect === "key-or-close") {
      const end = matchAt(STRING, text, i);
      if (end < 0) return i;
      i = end;
      expect = "colon";
    } else if (c === "{" || c === "[") {
      open.push(c === "{" ? "}" : "]");
      i++;
      expect = c === "{" ? "key-or-close" : "value-or-close";
    } else {
      const end = c === '"' ? matchAt(STRING, text, i) : Math.max(matchAt(NUMBER, text, i), matchAt(LITERAL, text, i));
      if (end < 0) return i;
      i = end;
      expect = open.length === 0 ? "end" : "comma-or-close";
    }
  }
}
