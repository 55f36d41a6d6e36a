/**
 * The commands of `flowspec`, in the order `flowspec --help` lists them. A new command is a module
 * that exports a `Command` and one line here.
 */
import type { Command } from "./cli-io.js";
import { DIFF_COMMAND } from "./diff/diff-command.js";
import { GENERATE_COMMAND } from "./generate-command.js";
import { RELEASE_COMMAND } from "./release/release-command.js";
import { VALIDATE_COMMAND } from "./validate/command.js";
import { SERVE_COMMAND } from "./serve/command.js";
import { CONFORMANCE_COMMAND } from "./conformance/command.js";
import { UPSTREAM_COMMAND } from "./upstream/command.js";

export const COMMANDS: readonly Command[] = [GENERATE_COMMAND, DIFF_COMMAND, VALIDATE_COMMAND, SERVE_COMMAND, RELEASE_COMMAND, CONFORMANCE_COMMAND, UPSTREAM_COMMAND];
