/**
 * The `generate` entry of the command table. The pipeline loads only when the command runs, so
 * `flowspec --help` stays fast.
 */
import type { Command } from "../command.js";
import { GENERATE_USAGE } from "./usage.js";

export const GENERATE_COMMAND: Command = {
  name: "generate",
  summary: "regenerate the packages from the spec (or --check them)",
  usage: GENERATE_USAGE,
  run: async (argv, io) => (await import("./run.js")).run(argv, io),
};
