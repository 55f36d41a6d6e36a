/**
 * The Content-Type header (RFC 9110 §8.3): `type "/" subtype *( OWS ";" OWS [ name "=" value ] )`,
 * names case-insensitive, values a token or a quoted string. Anything else is refused, so a body
 * takes exactly one path: one decoder, or a 415. A hand-written scanner, one pass: no backtracking,
 * whatever the header holds.
 */

export interface MediaType {
  /** `type/subtype`, lower-case. */
  readonly essence: string;
  /** The `charset` parameter, lower-case and unquoted, or null when absent. */
  readonly charset: string | null;
}

/** RFC 9110 tchar: `!#$%&'*+-.^_`|~`, digits and letters. */
function isTchar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || "!#$%&'*+-.^_`|~".includes(String.fromCharCode(c));
}

const isBlank = (c: number): boolean => c === 0x20 || c === 0x09;

/** qdtext and quoted-pair: HTAB, SP, visible ASCII and obs-text (0x80–0xFF). */
const isQuotable = (c: number): boolean => c === 0x09 || (c >= 0x20 && c <= 0x7e) || (c >= 0x80 && c <= 0xff);

class Scanner {
  at = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.at >= this.text.length;
  }

  peek(): number {
    return this.text.charCodeAt(this.at);
  }

  blanks(): void {
    while (!this.done && isBlank(this.peek())) this.at++;
  }

  /** A token, or null when none starts here. */
  token(): string | null {
    const start = this.at;
    while (!this.done && isTchar(this.peek())) this.at++;
    return this.at > start ? this.text.slice(start, this.at) : null;
  }

  /** A quoted string (opening quote already seen), unescaped; null when it does not close. */
  quoted(): string | null {
    let value = "";
    for (this.at++; !this.done; this.at++) {
      const c = this.peek();
      if (c === 0x22) {
        this.at++;
        return value;
      }
      if (c === 0x5c) {
        this.at++;
        if (this.done || !isQuotable(this.peek())) return null;
      } else if (!isQuotable(c)) return null;
      value += this.text[this.at];
    }
    return null;
  }
}

/** One `name=value` parameter; null when it breaks the grammar. */
function parameter(s: Scanner): [name: string, value: string] | null {
  const name = s.token();
  if (name === null || s.done || s.peek() !== 0x3d) return null;
  s.at++;
  const value = !s.done && s.peek() === 0x22 ? s.quoted() : s.token();
  return value === null ? null : [name.toLowerCase(), value];
}

function parse(header: string): MediaType | null {
  // Leading and trailing blanks are not part of a field value (RFC 9110 §5.5).
  let end = header.length;
  while (end > 0 && isBlank(header.charCodeAt(end - 1))) end--;
  const s = new Scanner(header.slice(0, end));
  s.blanks();
  const type = s.token();
  if (type === null || s.done || s.peek() !== 0x2f) return null;
  s.at++;
  const subtype = s.token();
  if (subtype === null) return null;
  let charset: string | null = null;
  for (;;) {
    s.blanks();
    if (s.done) break;
    if (s.peek() !== 0x3b) return null;
    s.at++;
    s.blanks();
    if (s.done || s.peek() === 0x3b) continue;
    const param = parameter(s);
    if (param === null) return null;
    if (param[0] !== "charset") continue;
    // Two charsets are ambiguous: refuse rather than pick one.
    if (charset !== null) return null;
    charset = param[1].toLowerCase();
  }
  return { essence: `${type}/${subtype}`.toLowerCase(), charset };
}

/** The media type of a Content-Type value, or null when it does not follow the grammar. */
export function parseMediaType(header: string): MediaType | null {
  return header.length > 1024 ? null : parse(header);
}

/** The labels of UTF-8 (WHATWG Encoding): the only charset a body may declare. */
export function isUtf8(charset: string | null): boolean {
  return charset === null || charset === "utf-8" || charset === "utf8" || charset === "unicode-1-1-utf-8";
}
