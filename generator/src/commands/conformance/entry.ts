/**
 * The `conformance` entry of the command table. The spec, the validator and the readers load only
 * when the command runs, so `flowspec --help` stays fast.
 */
import type { Command } from "../command.js";
import { CONFORMANCE_USAGE } from "./usage.js";

export const CONFORMANCE_COMMAND: Command = {
  name: "conformance",
  summary: "check recorded traffic (HAR, NDJSON) against the spec; label each mismatch as a documented divergence or new",
  usage: CONFORMANCE_USAGE,
  run: async (argv, io) => (await import("./run.js")).conformanceMain(argv, io),
};
