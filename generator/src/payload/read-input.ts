/**
 * Reading a payload for `flowspec validate`, bounded: a file must be a regular file (a FIFO, a
 * device such as /dev/zero or a folder is refused before a byte is read) no larger than the limit,
 * and standard input is read up to the limit and no further. The default, 10 MiB, is far above any
 * request body the API takes (1 MiB) and far below what parsing with positions can hold.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

export const DEFAULT_MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export type ReadResult = { readonly bytes: Buffer } | { readonly refused: string };

const tooLarge = (maxBytes: number): ReadResult => ({ refused: `larger than ${maxBytes} bytes (--max-bytes)` });

/** A regular file's bytes, at most `maxBytes` of them. */
export function readBoundedFile(file: string, maxBytes: number): ReadResult {
  // Non-blocking: opening a FIFO without a writer must not wait.
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { refused: "not a regular file (a FIFO, a device or a folder); pipe its content to standard input (-) instead" };
    if (stat.size > maxBytes) return tooLarge(maxBytes);
    // The file may grow while it is read: read one byte past the limit to notice.
    const buffer = Buffer.alloc(Math.min(stat.size + 1, maxBytes + 1));
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    return length > maxBytes ? tooLarge(maxBytes) : { bytes: buffer.subarray(0, length) };
  } finally {
    closeSync(fd);
  }
}

/** A stream's bytes up to `maxBytes`; past that it stops reading (an endless stream is refused, not drained). */
export async function readBoundedStream(stream: AsyncIterable<unknown>, maxBytes: number): Promise<ReadResult> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    length += bytes.length;
    if (length > maxBytes) return tooLarge(maxBytes);
    chunks.push(bytes);
  }
  return { bytes: Buffer.concat(chunks) };
}
