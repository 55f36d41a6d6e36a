/**
 * JSDoc comments: paragraphs of prose, then tags. Prose is wrapped at a fixed width so the file
 * reads well; prettier never reflows comments, so wrapping is ours to decide.
 */
export interface Doc {
  /** Paragraphs, separated by a blank comment line. A paragraph may hold several lines. */
  readonly paragraphs: readonly string[];
  /** Tags such as `@see …` or `@deprecated …`, each on its own line(s), after the prose. */
  readonly tags?: readonly string[];
}

const WRAP_WIDTH = 100;

/** `*` + `/` would end the comment early; Markdown (which hovers render) shows `\/` as `/`. */
function escapeComment(text: string): string {
  return text.includes("*/") ? text.replace(/\*\//g, "*\\/") : text;
}

/**
 * The length wrapping counts: a link target's leading `../` counts once however many there are,
 * so a file one folder deeper (the validator's `dist/types.d.cts`) breaks its docs where the types
 * package does.
 */
function wrapLength(text: string): number {
  // A search for `](` and a count of the `../` after it, not `matchAll` over a regular expression:
  // this runs once per word of every doc comment, V8 optimises it into the comment printers on a
  // wide spec, and the match iterator was compiled into each of them.
  let at = text.indexOf("](");
  if (at < 0) return text.length;
  let deeper = 0;
  while (at >= 0) {
    let end = at + "](".length;
    while (text.startsWith("../", end)) end += "../".length;
    const climbs = end - at - "](".length;
    if (climbs > "../".length) deeper += climbs - "../".length;
    at = text.indexOf("](", end);
  }
  return text.length - deeper;
}

/** What a link target counts for wrapping: `../../reference/x.md` as much as `../reference/x.md`. */
export function targetWrapLength(target: string): number {
  return wrapLength(`](${target}`) - "](".length;
}

/**
 * Greedy word wrap; a single word longer than the width stays whole (URLs, code spans). A line's
 * wrap length is its words' plus one per space (no link prefix holds a space), so it is kept as a
 * running sum rather than measured again for every word.
 */
function wrap(line: string, width: number): string[] {
  // An indexed loop over the split, empty words skipped in it (no `filter` callback, no `for…of`):
  // V8 optimises this on a wide spec, and both were compiled into it.
  const words = line.split(" ");
  const lines: string[] = [];
  let current = "";
  let currentLength = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "") continue;
    const wordLength = wrapLength(word);
    if (current !== "" && currentLength + 1 + wordLength > width) {
      lines.push(current);
      current = word;
      currentLength = wordLength;
    } else {
      currentLength = current === "" ? wordLength : currentLength + 1 + wordLength;
      current = current === "" ? word : `${current} ${word}`;
    }
  }
  if (current !== "") lines.push(current);
  return lines;
}

/**
 * A line that `wrap` would hand back whole: it fits, and its words are already one space apart
 * (a link holds no space, so the line's wrap length is its words' and spaces').
 */
function fitsAsIs(line: string, width: number): boolean {
  return line !== "" && line[0] !== " " && line[line.length - 1] !== " " && !line.includes("  ") && wrapLength(line) <= width;
}

/** Keeps the line breaks of anything holding fenced code; wraps everything else. */
function paragraphLines(paragraph: string, width: number): string[] {
  if (paragraph.includes("```")) return paragraph.split("\n");
  // Most paragraphs are one line that fits: no splitting into words.
  if (!paragraph.includes("\n") && fitsAsIs(paragraph, width)) return [paragraph];
  // An indexed loop, not a `flatMap` callback: this is inlined into `renderDoc`, which V8 optimises.
  const lines = paragraph.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fitsAsIs(line, width)) out.push(line);
    else {
      const wrapped = wrap(line, width);
      for (let j = 0; j < wrapped.length; j++) out.push(wrapped[j]!);
    }
  }
  return out;
}

/** One line of a comment: `prefix` and the text, or the blank comment line. */
function commentLine(text: string, prefix: string, blank: string): string {
  return text === "" ? blank : `${prefix}${text}\n`;
}

function commentLines(lines: readonly string[], prefix: string, blank: string): string {
  let out = "";
  for (let i = 0; i < lines.length; i++) out += commentLine(lines[i]!, prefix, blank);
  return out;
}

/**
 * The comment block, each line starting with `indent`, ending with a newline. Tags are never
 * wrapped (a link must stay whole); a blank line sets them apart only below several paragraphs.
 *
 * Built line by line into one string, with no array or closure per comment: a doc comment is
 * rendered for every member of every type (thousands on a wide spec). Indexed loops, and the
 * lines of paragraphs and of tags written by one helper: a wide spec makes V8 optimise this
 * function, and each `for…of` (an iterator protocol with its own try block) and each copy of the
 * line-writing code was compiled into it: TurboFan took 8–16 ms over it (single-threaded trace,
 * 610 variants).
 */
export function renderDoc(doc: Doc, indent: string): string {
  const width = Math.max(40, WRAP_WIDTH - indent.length - 3);
  const prefix = `${indent} * `;
  const blank = `${indent} *\n`;
  let out = `${indent}/**\n`;
  let paragraphs = 0;
  for (let i = 0; i < doc.paragraphs.length; i++) {
    const paragraph = doc.paragraphs[i]!;
    if (paragraph.trim() === "") continue;
    if (paragraphs++ > 0) out += blank;
    out += commentLines(paragraphLines(escapeComment(paragraph), width), prefix, blank);
  }
  const tags = doc.tags ?? [];
  if (tags.length > 0 && paragraphs > 1) out += blank;
  for (let i = 0; i < tags.length; i++) {
    const text = escapeComment(tags[i]!);
    // Most tags are one line (`@see`); an example's holds a JSON block.
    out += commentLines(text.includes("\n") ? text.split("\n") : [text], prefix, blank);
  }
  return `${out}${indent} */\n`;
}
