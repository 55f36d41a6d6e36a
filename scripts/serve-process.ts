/**
 * `flowspec serve` in a child process of its own, as a user starts it (`--port 0`, loopback), for
 * the scripts that load it: the load generator does not share its event loop, and its memory is
 * its own. Shared by bench-serve.ts and load-serve.ts.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));

export interface StandInProcess {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<number | null>;
}

/**
 * Starts the stand-in with `args` and resolves with its base URL once it has printed it; `root` is
 * the checkout whose stand-in runs (another one, e.g. an older commit, for a before and after).
 */
export function startStandInProcess(args: readonly string[], root: string = ROOT): Promise<StandInProcess> {
  const child = spawn(process.execPath, ["generator/bin/flowspec.js", "serve", "--port", "0", ...args], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`flowspec serve exited with ${code} before it listened`)));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url === undefined) return;
      child.stdout.removeAllListeners("data");
      child.stdout.resume();
      resolve({ url, pid: child.pid!, stop: () => (child.kill("SIGTERM"), exited) });
    });
  });
}

/** A management token for the default global client. */
export async function managementToken(url: string): Promise<string> {
  const body = new URLSearchParams({ grant_type: "client_credentials", client_id: "flowspec-admin", client_secret: "flowspec-admin-secret", audience: "https://flowspec.local/api/v2/" });
  const response = await fetch(`${url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  const json = (await response.json()) as { access_token?: string };
  if (json.access_token === undefined) throw new Error(`no token: ${JSON.stringify(json)}`);
  return json.access_token;
}
