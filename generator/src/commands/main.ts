/**
 * `flowspec <command> …`: finds the command in the table (table.ts) and runs it; answers
 * `--version`, `--help` and `help <command>` itself, and names an unknown command with the one it
 * resembles.
 */
import { createRequire } from "node:module";
import { didYouMean } from "../../runtime/validator/suggest.js";
import { PROCESS_IO, type CliIo } from "./command.js";
import { COMMANDS } from "./table.js";
import { GENERATOR_ROOT } from "../base/generator-root.js";

/** The generator package's version, from both `src/` and the compiled `dist/src/`. */
function version(): string {
  return (createRequire(import.meta.url)(`${GENERATOR_ROOT}package.json`) as { version: string }).version;
}

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `usage: flowspec <command> [options]\n\n${lines.join("\n")}\n\n  flowspec help <command>   the options of one command\n  flowspec --version        the version of @flowspec/generator\n`;
}

function unknownCommand(name: string, io: CliIo): number {
  io.stderr(`flowspec: unknown command "${name}"${didYouMean(name, COMMANDS.map((c) => c.name))}\n\n${overview()}`);
  return 2;
}

function help(argv: readonly string[], io: CliIo): number {
  const [name, ...extra] = argv;
  if (name === undefined) {
    io.stdout(overview());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command || extra.length > 0) return command ? unknownCommand(extra.join(" "), io) : unknownCommand(name, io);
  io.stdout(`${command.usage}\n`);
  return 0;
}

/**
 * Runs one command; the promise holds its exit code (0 done, 1 problems or drift, 2 a wrong call).
 */
export async function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  const [first, ...rest] = argv;
  switch (first) {
    case undefined:
      io.stderr(overview());
      return 2;
    case "--help":
    case "-h":
      io.stdout(overview());
      return 0;
    case "--version":
    case "-v":
      io.stdout(`${version()}\n`);
      return 0;
    case "help":
      return help(rest, io);
    default: {
      const command = COMMANDS.find((c) => c.name === first);
      return command ? command.run(rest, io) : unknownCommand(first, io);
    }
  }
}
