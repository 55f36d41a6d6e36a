/**
 * `flowspec serve …` without the command table: the bin comes here directly, so the stand-in starts
 * without loading the generator's pipeline. Same signature as cli.ts's `main`.
 */
import { PROCESS_IO, type CliIo } from "../cli-io.js";
import { serveMain } from "./serve-command.js";

export function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  return serveMain(argv.slice(1), io);
}
