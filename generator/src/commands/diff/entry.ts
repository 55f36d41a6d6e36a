/**
 * The `diff` entry of the command table. The pipeline loads only when the command runs, so
 * `flowspec --help` stays fast.
 */
import type { Command } from "../command.js";
import { DIFF_USAGE } from "./usage.js";

export const DIFF_COMMAND: Command = {
  name: "diff",
  summary: "compare two spec folders and say which version bump the changes need",
  usage: DIFF_USAGE,
  run: async (argv, io) => (await import("./run.js")).diffMain(argv, io),
};
