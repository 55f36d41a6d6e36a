/**
 * The `validate` entry of the command table. The parsers, the spec loader and the validator load
 * only when the command runs, so `flowspec --help` stays fast.
 */
import type { Command } from "../command.js";
import { VALIDATE_USAGE } from "./usage.js";

export const VALIDATE_COMMAND: Command = {
  name: "validate",
  summary: "check payload files (JSON, YAML, form) and print every issue at file:line:col",
  usage: VALIDATE_USAGE,
  run: async (argv, io) => (await import("./run.js")).validateMain(argv, io),
};
