/**
 * Finds and launches Debian's Chromium through playwright-core (which downloads no browser).
 * `CHROMIUM_PATH` names the executable explicitly; when it is set, a missing file is an error,
 * not a reason to skip, because whoever set it expected the browser test to run.
 */
import { accessSync, constants } from "node:fs";
import { chromium, type Browser } from "playwright-core";

const DEFAULT_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Headless as root on a machine without network: no sandbox, and no background traffic (it would only fail). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type ChromiumLookup =
  | { readonly found: true; readonly path: string }
  | { readonly found: false; readonly required: boolean; readonly reason: string };

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env, candidates: readonly string[] = DEFAULT_PATHS): ChromiumLookup {
  const explicit = env.CHROMIUM_PATH;
  if (explicit) {
    return isExecutable(explicit)
      ? { found: true, path: explicit }
      : { found: false, required: true, reason: `CHROMIUM_PATH=${explicit} is not an executable file` };
  }
  const path = candidates.find(isExecutable);
  return path
    ? { found: true, path }
    : { found: false, required: false, reason: `no Chromium at ${candidates.join(" or ")} and CHROMIUM_PATH is not set (Debian: apt-get install chromium)` };
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS, timeout: 30_000 });
}
