/**
 * Where a command writes and reads: the process's streams when it runs as `flowspec`, buffers when a
 * test runs it in process.
 */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /**
   * Standard input as text, for commands that take `-` as a file (absent: nothing to read); at most
   * `maxBytes` bytes are read, and an input longer than that is refused with an InputTooLarge.
   */
  readonly stdin?: (maxBytes?: number) => Promise<string>;
}

/** One command of `flowspec`: its name, a line for the overview, its usage, and how it runs. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  /** The exit code: 0 done, 1 problems found (spec, drift, payloads), 2 a wrong call. */
  run(argv: readonly string[], io: CliIo): number | Promise<number>;
}

/** Standard input held more than the reader's limit; nothing past the limit was read. */
export class InputTooLarge extends Error {}

async function readProcessStdin(maxBytes = Number.POSITIVE_INFINITY): Promise<string> {
  const { readBoundedStream } = await import("../payload/read-input.js");
  const read = await readBoundedStream(process.stdin, maxBytes);
  if ("refused" in read) throw new InputTooLarge(read.refused);
  // Fatal: a payload that is not UTF-8 is reported, never silently repaired.
  return new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
}

export const PROCESS_IO: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: readProcessStdin,
};
