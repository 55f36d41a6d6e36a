/**
 * `flowspec serve`: starts the stand-in on the generated packages, prints its base URL, and stops
 * cleanly on SIGINT or SIGTERM. Exit 0 once stopped; 1 when it cannot start (a problem in the
 * config, packages not generated, the port taken); 2 a usage error.
 */
import { parseArgs } from "node:util";
import type { CliIo, Command } from "../command.js";
import { DEFAULT_CONFIG, type ServeConfigInput } from "../../stand-in/config.js";
import { formatDiagnostic } from "../../base/diagnostics.js";
import { loadServedPackages } from "../../stand-in/served-packages.js";
import { CONFIG_HELP, SERVE_USAGE } from "./usage.js";
import { startServe, type RunningServe } from "../../stand-in/server.js";
import { linesPerTurn } from "../../stand-in/request-log.js";
import { generateSigningKey, type SigningKey } from "../../stand-in/signing-key.js";
import { readProjectConfig } from "../project-config.js";


/** What ends the command: the process's signals, or a test's own. */
export interface StopSignal {
  once(event: "SIGINT" | "SIGTERM", listener: () => void): unknown;
  off(event: "SIGINT" | "SIGTERM", listener: () => void): unknown;
}

interface Options {
  readonly port: number;
  readonly host: string;
  readonly config?: string;
  readonly rateLimit?: number;
  readonly specDir: string;
  readonly outDir: string;
  readonly help: boolean;
}

function whole(text: string | undefined, name: string, min: number, max: number): number | undefined | string {
  if (text === undefined) return undefined;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : `--${name} must be a whole number from ${min} to ${max}`;
}

function parseOptions(argv: readonly string[]): Options | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        port: { type: "string" },
        host: { type: "string" },
        config: { type: "string" },
        "rate-limit": { type: "string" },
        spec: { type: "string" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values } = parsed;
  const port = whole(values.port, "port", 0, 65_535);
  const rateLimit = whole(values["rate-limit"], "rate-limit", 1, Number.MAX_SAFE_INTEGER);
  if (typeof port === "string") return port;
  if (typeof rateLimit === "string") return rateLimit;
  // The folders generate wrote to, as flowspec.config.* names them; a flag wins.
  const project = readProjectConfig();
  if (typeof project === "string") return project;
  return {
    port: port ?? 4010,
    host: values.host ?? "127.0.0.1",
    ...(values.config !== undefined && { config: values.config }),
    ...(rateLimit !== undefined && { rateLimit }),
    specDir: values.spec ?? project.spec ?? "spec",
    outDir: values.out ?? project.out ?? "packages",
    help: values.help ?? false,
  };
}

/** The request that gets a management token, as a person pastes it. */
function tokenCommand(url: string, grant: string, client: { readonly id: string; readonly secret: string }, audience: string): string {
  return `curl -s ${url} -d grant_type=${encodeURIComponent(grant)} -d client_id=${client.id} -d client_secret=${client.secret} -d audience=${audience}`;
}

function banner(running: RunningServe, version: string): string {
  const { config } = running.context;
  const clients = config.clients.map((c) => `  ${c.id}${c.global ? " (global)" : ""}: ${[...c.scopes, ...(c.selfServiceScopes ?? [])].join(" ") || "no scopes"}`);
  const { facts } = running.context;
  const grant = facts.grantOf.ClientCredentialsTokenRequest;
  const tokenPath = facts.paths.get("post_oauth_token");
  const admin = grant === undefined ? undefined : config.clients.find((c) => c.global && c.grantTypes.includes(grant));
  const token = admin === undefined || grant === undefined || tokenPath === undefined ? [] : ["a management token:", `  ${tokenCommand(`${running.url}${tokenPath}`, grant, admin, running.context.audiences.management)}`];
  return [
    `flowspec serve: ${running.url} (spec ${version}, issuer https://${config.domain}/)`,
    `  OpenAPI ${running.url}/openapi.json · JWKS ${running.url}/.well-known/jwks.json`,
    `  management API audience ${running.context.audiences.management} (the token's aud)`,
    `  rate limit per ${config.rateLimit.windowSeconds} s: ${config.rateLimit.limit} management and ${config.rateLimit.tokenLimit} token requests per client, ${config.rateLimit.anonymousLimit} per address without credentials`,
    `  faults: a Prefer: error=<code> header, or "faults" in --config${config.faults.length > 0 ? ` (${config.faults.length} scheduled)` : ""}`,
    "clients:",
    ...clients,
    ...token,
    "one line per request: method path status client error-code",
    "",
  ].join("\n");
}

export async function serveMain(argv: readonly string[], io: CliIo, signals: StopSignal = process): Promise<number> {
  const options = parseOptions(argv);
  if (typeof options === "string") {
    io.stderr(`${options}\n${SERVE_USAGE}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout(`${SERVE_USAGE}\n\n${CONFIG_HELP}\n`);
    return 0;
  }
  // An RSA key takes a tenth of a second or more to make, off the main thread: start it now, so it is
  // made while the packages load (a key from the config replaces it).
  const generatedKey = generateSigningKey();
  generatedKey.catch(() => undefined);
  const packages = await loadServedPackages(options.outDir, options.specDir);
  if (typeof packages === "string") {
    io.stderr(`flowspec serve: ${packages}\n`);
    return 1;
  }
  let config: ServeConfigInput = DEFAULT_CONFIG;
  let signingKey: SigningKey | null = null;
  if (options.config !== undefined) {
    // Loaded only for a config file: its checker (Ajv) is not needed to serve the defaults.
    const { loadConfigFile } = await import("../../stand-in/config-file.js");
    const loaded = await loadConfigFile(options.config, packages);
    if ("problems" in loaded) {
      for (const p of loaded.problems) io.stderr(`${formatDiagnostic(p)}\n`);
      io.stderr(`${loaded.problems.length} problem(s) in ${options.config}; the stand-in did not start.\n`);
      return 1;
    }
    ({ config, signingKey } = loaded);
  }
  if (options.rateLimit !== undefined) config = { ...config, rateLimit: { ...config.rateLimit, limit: options.rateLimit, tokenLimit: options.rateLimit, anonymousLimit: options.rateLimit } };

  // Listen for the signals before listening on the port: a stop that comes during start-up still stops.
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  signals.once("SIGINT", stop);
  signals.once("SIGTERM", stop);
  let running: RunningServe;
  const log = linesPerTurn(io.stdout);
  try {
    running = await startServe({ ...packages, config, signingKey: signingKey ?? (await generatedKey), port: options.port, host: options.host, log: log.line });
  } catch (error) {
    signals.off("SIGINT", stop);
    signals.off("SIGTERM", stop);
    io.stderr(`flowspec serve: cannot start: ${(error as Error).message}\n`);
    return 1;
  }
  io.stdout(banner(running, packages.openApi.info.version));
  await stopped;
  signals.off("SIGINT", stop);
  signals.off("SIGTERM", stop);
  await running.close();
  log.flush();
  io.stdout("flowspec serve: stopped\n");
  return 0;
}
