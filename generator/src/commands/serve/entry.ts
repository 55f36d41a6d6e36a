/**
 * The `serve` entry of the command table. The server's modules load only when the command runs, so
 * `flowspec --help` stays fast.
 */
import type { Command } from "../command.js";
import { CONFIG_HELP, SERVE_USAGE } from "./usage.js";

export const SERVE_COMMAND: Command = {
  name: "serve",
  summary: "a local stand-in for the API that enforces the spec's rules (tokens, scopes, bodies, rate limits)",
  usage: `${SERVE_USAGE}\n\n${CONFIG_HELP}`,
  run: async (argv, io) => (await import("./run.js")).serveMain(argv, io),
};
