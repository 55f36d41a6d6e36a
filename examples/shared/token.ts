/**
 * Prints a token signed with the examples' local key:
 *   npx tsx examples/shared/token.ts [--client <id>] [--scope "<scopes>"]
 * Defaults: the client `local-global-client` (global in the examples) with both operations' scopes.
 */
import { parseArgs } from "node:util";
import { loadOrCreateLocalKey, signToken } from "./local-key.ts";
import { DEFAULT_GLOBAL_CLIENT } from "./service-config.ts";

const { values } = parseArgs({
  options: {
    client: { type: "string", default: DEFAULT_GLOBAL_CLIENT },
    scope: { type: "string", default: "create:flows update:resource_servers" },
  },
});

const key = await loadOrCreateLocalKey();
process.stdout.write(`${await signToken(key, { clientId: values.client, scope: values.scope })}\n`);
