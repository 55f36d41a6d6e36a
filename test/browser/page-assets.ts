/**
 * The files the server hands out, built in process with esbuild (the generator's own, pinned):
 *
 * - `/bundled/…`: the page module with `@flowspec/validator` bundled in and minified, as an
 *   application's bundler ships it;
 * - `/published/…`: the same page module with the validator left out, importing
 *   `/validator/index.js`, which is the package's `dist/index.js` read from disk, as published.
 *
 * Both folders also hold the page itself and the violation listener.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, type BuildOptions, type Plugin } from "esbuild";
import type { ServedFile } from "./csp-server.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const repositoryRoot = here("../../");

export const PUBLISHED_VALIDATOR_PATH = "/validator/index.js";
const PUBLISHED_VALIDATOR_FILE = here("../../packages/validator/dist/index.js");

const js = "text/javascript; charset=utf-8";

/** Leaves the validator out of the bundle: the browser fetches the published file instead. */
const publishedValidator: Plugin = {
  name: "published-validator",
  setup(builder) {
    builder.onResolve({ filter: /^@flowspec\/validator$/ }, () => ({ path: PUBLISHED_VALIDATOR_PATH, external: true }));
  },
};

async function bundle(entry: string, options: BuildOptions = {}): Promise<string> {
  const result = await build({
    entryPoints: [here(entry)],
    absWorkingDir: repositoryRoot,
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    charset: "utf8",
    logLevel: "silent",
    ...options,
  });
  const file = result.outputFiles?.[0];
  if (!file) throw new Error(`esbuild wrote nothing for ${entry}`);
  return file.text;
}

export async function buildPageAssets(): Promise<Map<string, ServedFile>> {
  const [listener, bundledEntry, publishedEntry] = await Promise.all([
    bundle("./page/violation-listener.ts"),
    bundle("./page/entry.ts", { minify: true }),
    bundle("./page/entry.ts", { minify: true, plugins: [publishedValidator] }),
  ]);
  const html: ServedFile = { contentType: "text/html; charset=utf-8", body: readFileSync(here("./page/index.html")) };
  const files = new Map<string, ServedFile>([[PUBLISHED_VALIDATOR_PATH, { contentType: js, body: readFileSync(PUBLISHED_VALIDATOR_FILE) }]]);
  for (const [folder, entry] of [["bundled", bundledEntry], ["published", publishedEntry]] as const) {
    files.set(`/${folder}/`, html);
    files.set(`/${folder}/violation-listener.js`, { contentType: js, body: listener });
    files.set(`/${folder}/entry.js`, { contentType: js, body: entry });
  }
  return files;
}
