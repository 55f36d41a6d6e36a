/**
 * Stage 5, format: one layout for every generated file, applied before anything is compared or
 * written, so `--check` never reports a difference of whitespace. Emitters already write tidy text;
 * this pins what must never vary: LF line endings, no trailing blanks, exactly one final newline.
 */
import type { GeneratedFile } from "../emit/generated-file.js";

/** A line that ends in a space or a tab: found before anything is replaced (`$` as the replacement below reads it). */
const TRAILING_BLANK = /[ \t]$/m;

export function formatText(text: string): string {
  // Each pass runs only where there is something to change: emitters write tidy text, and a
  // regular expression over every line of a megabyte of output is most of this stage's time.
  let out = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  if (TRAILING_BLANK.test(out)) out = out.replace(/[ \t]+$/gm, "");
  let end = out.length;
  while (end > 0 && out.charCodeAt(end - 1) === 10) end--;
  return `${out.slice(0, end)}\n`;
}

export function formatFiles(files: readonly GeneratedFile[]): GeneratedFile[] {
  return files.map((f) => ({ path: f.path, contents: formatText(f.contents) }));
}
