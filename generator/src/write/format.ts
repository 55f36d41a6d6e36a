/**
 * Stage 5, format: one layout for every generated file, applied before anything is compared or
 * written, so `--check` never reports a difference of whitespace. Emitters already write tidy text;
 * this pins what must never vary: LF line endings, no trailing blanks, exactly one final newline.
 */
import type { GeneratedFile } from "../emit/generated-file.js";

/** A line that ends in a space or a tab: found before anything is replaced (`$` as the replacement below reads it). */
const TRAILING_BLANK = /[ \t]$/m;

const isBlank = (code: number): boolean => code === 32 || code === 9;

/**
 * What `TRAILING_BLANK` finds, without running it over every space of a megabyte of output:
 * each line end is looked up once. `$` also ends a line before U+2028 and U+2029, which emitters
 * hardly write; a text that holds one is left to the regular expression.
 */
function hasTrailingBlank(text: string): boolean {
  if (text.includes("\u2028") || text.includes("\u2029")) return TRAILING_BLANK.test(text);
  // Read before the loop, not after it: the optimised loop is shared by every file, and code after
  // it that ran before optimisation is left without feedback, so each file's exit deoptimised it.
  const lastIsBlank = isBlank(text.charCodeAt(text.length - 1));
  for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", end + 1)) {
    if (isBlank(text.charCodeAt(end - 1))) return true;
  }
  return lastIsBlank;
}

export function formatText(text: string): string {
  // Each pass runs only where there is something to change: emitters write tidy text, and a
  // regular expression over every line of a megabyte of output is most of this stage's time.
  let out = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  if (hasTrailingBlank(out)) out = out.replace(/[ \t]+$/gm, "");
  let end = out.length;
  while (end > 0 && out.charCodeAt(end - 1) === 10) end--;
  // Most texts already end in one newline: kept as they are, not copied.
  return end === out.length - 1 ? out : `${out.slice(0, end)}\n`;
}

export function formatFiles(files: readonly GeneratedFile[]): GeneratedFile[] {
  // Packages ship some texts twice (a .d.ts and its .d.cts): each distinct text is formatted once.
  const formatted = new Map<string, string>();
  return files.map((f) => {
    let contents = formatted.get(f.contents);
    if (contents === undefined) formatted.set(f.contents, (contents = formatText(f.contents)));
    return { path: f.path, contents };
  });
}
