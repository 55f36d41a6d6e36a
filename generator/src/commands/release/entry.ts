/**
 * The `release` entry of the command table. The pipeline loads only when the command runs, so
 * `flowspec --help` stays fast.
 */
import type { Command } from "../command.js";
import { RELEASE_USAGE } from "./usage.js";

export const RELEASE_COMMAND: Command = {
  name: "release",
  summary: "check the spec against the last release (--check), or release: bump, record, regenerate, pack",
  usage: RELEASE_USAGE,
  run: async (argv, io) => (await import("./run.js")).run(argv, io),
};
