/**
 * The `upstream` entry of the command table. The spec and the comparison load only when the command
 * runs, so `flowspec --help` stays fast.
 */
import type { Command } from "../command.js";
import { UPSTREAM_USAGE } from "./usage.js";

export const UPSTREAM_COMMAND: Command = {
  name: "upstream",
  summary: "compare the spec with the vendor's OpenAPI document; classify each difference as recorded or new",
  usage: UPSTREAM_USAGE,
  run: async (argv, io) => (await import("./run.js")).upstreamMain(argv, io),
};
