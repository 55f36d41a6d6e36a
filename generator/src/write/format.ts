/**
 * Stage 5, format: one layout for every generated file, applied before anything is compared or
 * written, so `--check` never reports a difference of whitespace. Emitters already write tidy text;
 * this pins what must never vary: LF line endings, no trailing blanks, exactly one final newline.
 */
import type { GeneratedFile } from "../emit/generated-file.js";

export function formatText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/[ \t]+$/gm, "")
      .replace(/\n*$/, "") + "\n"
  );
}

export function formatFiles(files: readonly GeneratedFile[]): GeneratedFile[] {
  return files.map((f) => ({ path: f.path, contents: formatText(f.contents) }));
}
