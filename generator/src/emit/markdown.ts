/**
 * Small Markdown builders for the reference pages and the validator's READMEs. Spec text is trusted Markdown (it uses `code` spans);
 * these helpers only make it safe for where it lands: a table cell, a heading, a link.
 */

/**
 * Applies `fn` to the text outside code spans. A code span opens with a run of n backticks and
 * closes at the next run of exactly n (CommonMark), so ``a`b`` is one span.
 */
function mapOutsideCode(text: string, fn: (plain: string) => string): string {
  // Most text holds no code span: all of it is plain.
  if (!text.includes("`")) return fn(text);
  let out = "";
  let plainStart = 0;
  const runs = [...text.matchAll(/`+/g)];
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!;
    const closeAt = runs.findIndex((run, j) => j > i && run[0].length === open[0].length);
    if (closeAt < 0) continue;
    const close = runs[closeAt]!;
    out += fn(text.slice(plainStart, open.index)) + text.slice(open.index, close.index + close[0].length);
    plainStart = close.index + close[0].length;
    i = closeAt;
  }
  return out + fn(text.slice(plainStart));
}

/** Spec prose for a paragraph: `<` would start raw HTML (`<MGMT_ACCESS_TOKEN>`), so it is escaped. */
export function prose(text: string): string {
  const trimmed = text.trim();
  // No `<`: nothing to escape, inside code spans or out.
  return trimmed.includes("<") ? mapOutsideCode(trimmed, (plain) => plain.replace(/</g, "&lt;")) : trimmed;
}

/** One table cell: a single line, `|` escaped (GitHub needs that even inside code spans). */
export function cell(text: string): string {
  const paragraph = prose(text);
  // Each replacement only where it has something to do: cells are many, and few hold a break or a bar.
  const line = paragraph.includes("\n") ? paragraph.replace(/\s*\n\s*/g, " ") : paragraph;
  return line.includes("|") ? line.replace(/\|/g, "\\|") : line;
}

/** The length of the longest run of backticks in the value. */
function longestBacktickRun(value: string): number {
  return Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
}

/** A code span that survives any backticks inside the value. */
export function code(value: string): string {
  // Most values hold no backtick: spared the search for runs of them. The search is a function of
  // its own, so V8, which optimises this on a wide spec, does not compile its spread call into it.
  const longest = value.includes("`") ? longestBacktickRun(value) : 0;
  const fence = "`".repeat(longest + 1);
  const pad = longest > 0 || value.startsWith(" ") || value.endsWith(" ") ? " " : "";
  return `${fence}${pad}${value}${pad}${fence}`;
}

export function link(text: string, href: string): string {
  return `[${text}](${href})`;
}

/** Markdown already safe for a table cell (an anchor tag, say), kept as it is. */
export interface RawCell {
  readonly raw: string;
}

export type Cell = string | RawCell;

function cellText(value: Cell | undefined): string {
  if (value === undefined) return "";
  return typeof value === "string" ? cell(value) : value.raw;
}

/**
 * A table. Cells are escaped here; `emptyColumnsDropped` leaves out a column that would be blank
 * in every row (the header aside), so narrow tables stay narrow.
 *
 * Indexed loops without callbacks, and each helper called from one place: a wide spec makes a
 * table per variant, enough for V8 to optimise this function, and every `map`/`some` with its
 * callback, `for…of` and second call site of an inlined helper was compiled into it: TurboFan
 * took 14–20 ms over it (single-threaded trace, 610 variants), more than its whole run.
 */
export function table(headers: readonly string[], rows: readonly (readonly Cell[])[], emptyColumnsDropped = false): string {
  const width = headers.length;
  const keep = new Array<boolean>(width).fill(!emptyColumnsDropped);
  const texts: string[][] = [];
  for (let r = 0; r <= rows.length; r++) {
    const row = r === 0 ? headers : rows[r - 1]!;
    const line: string[] = [];
    for (let i = 0; i < width; i++) {
      const text = cellText(row[i]);
      if (r > 0 && text !== "") keep[i] = true;
      line.push(text);
    }
    texts.push(line);
  }
  // The header's line, the rule under it, then the rows.
  texts.splice(1, 0, new Array<string>(width).fill("---"));
  const lines: string[] = [];
  for (let r = 0; r < texts.length; r++) lines.push(tableLine(texts[r]!, keep));
  return lines.join("\n");
}

/** One row of a table, the columns that are kept only (`||` when none is). */
function tableLine(values: readonly string[], keep: readonly boolean[]): string {
  let line = "|";
  for (let i = 0; i < values.length; i++) if (keep[i]) line += values[i] === "" ? " |" : ` ${values[i]} |`;
  return line === "|" ? "||" : line;
}

export function bulletList(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join("\n");
}

/** An explicit anchor: stable whatever the heading after it says. */
export function anchor(id: string): string {
  return `<a id="${id}"></a>`;
}

/** A fenced JSON block, two-space indentation. */
export function jsonBlock(value: unknown): string {
  return "```json\n" + JSON.stringify(value, null, 2) + "\n```";
}

export function textBlock(text: string, language = "text"): string {
  return "```" + language + "\n" + text + "\n```";
}

/**
 * The id GitHub gives a heading: lower case, punctuation other than `-` and `_` removed, spaces
 * become `-`. Callers pass the heading's rendered text (no Markdown syntax).
 */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** Blocks separated by one blank line; empty blocks are skipped. */
export function blocks(...parts: readonly (string | undefined | false)[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p !== "").join("\n\n");
}
