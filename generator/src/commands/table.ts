/**
 * The commands of `flowspec`, in the order `flowspec --help` lists them. A new command is a module
 * that exports a `Command` and one line here.
 */
import type { Command } from "./command.js";
import { DIFF_COMMAND } from "./diff/entry.js";
import { GENERATE_COMMAND } from "./generate/entry.js";
import { RELEASE_COMMAND } from "./release/entry.js";
import { VALIDATE_COMMAND } from "./validate/entry.js";
import { SERVE_COMMAND } from "./serve/entry.js";
import { CONFORMANCE_COMMAND } from "./conformance/entry.js";
import { UPSTREAM_COMMAND } from "./upstream/entry.js";

export const COMMANDS: readonly Command[] = [GENERATE_COMMAND, DIFF_COMMAND, VALIDATE_COMMAND, SERVE_COMMAND, RELEASE_COMMAND, CONFORMANCE_COMMAND, UPSTREAM_COMMAND];
