/**
 * A spec file's bytes → its text, refusing what no spec needs and what would silently change
 * meaning: a file above `MAX_SPEC_FILE_BYTES` is refused before it is read (parsing 50 MB of YAML
 * takes minutes), and bytes that are not UTF-8 are refused at their line and column (decoding
 * would turn them into U+FFFD in every output).
 */
import { isUtf8 } from "node:buffer";
import { readFileSync, statSync } from "node:fs";
import { diagnostic, type Diagnostic } from "../base/diagnostics.js";

/** 1 MiB: about a hundred times the largest file of the spec today. */
export const MAX_SPEC_FILE_BYTES = 1024 * 1024;

/**
 * A well-formed UTF-8 sequence by its lead byte: its length and the range of its second byte
 * (shortest forms only, no surrogates, nothing above U+10FFFF; table 3-7 of the Unicode standard).
 * Further bytes are 0x80–0xBF.
 */
function sequenceOf(lead: number): readonly [length: number, low: number, high: number] | undefined {
  if (lead < 0x80) return [1, 0, 0];
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return undefined;
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const sequence = sequenceOf(bytes[i]!);
    if (sequence === undefined) return i;
    const [length, low, high] = sequence;
    for (let k = 1; k < length; k++) {
      const byte = bytes[i + k];
      if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}

/** Line and column (1-based, in UTF-16 code units like the YAML positions) of a byte offset. */
function positionOf(bytes: Uint8Array, offset: number): { line: number; col: number } {
  const before = new TextDecoder().decode(bytes.subarray(0, offset));
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, col: before.length - lineStart + 1 };
}

export type SpecText = { readonly text: string } | { readonly problem: Diagnostic };

/** `path` is what diagnostics show. */
export function readSpecText(full: string, path: string): SpecText {
  const size = statSync(full).size;
  if (size > MAX_SPEC_FILE_BYTES) {
    const message = `the file has ${size} bytes, above the limit of ${MAX_SPEC_FILE_BYTES}; split it (records and providers may be spread over several files).`;
    return { problem: diagnostic({ file: path, line: 1, col: 1 }, "SpecFileTooLarge", message) };
  }
  const bytes = readFileSync(full);
  // Node's own check answers at native speed; the scan here only finds where the first bad byte is.
  const invalid = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes);
  if (invalid >= 0) {
    const byte = bytes[invalid]!.toString(16).toUpperCase().padStart(2, "0");
    const message = `byte 0x${byte} is not UTF-8; save the file as UTF-8.`;
    return { problem: diagnostic({ file: path, ...positionOf(bytes, invalid) }, "SpecNotUtf8", message) };
  }
  return { text: bytes.toString("utf8") };
}
