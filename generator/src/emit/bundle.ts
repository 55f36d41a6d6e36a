/**
 * Bundles an entry module with the runtime into one ES module and one CommonJS module, in process
 * and without touching the disk (esbuild's `stdin`). The options are fixed, and paths in esbuild's
 * comments are relative to the repository, so the output is the same on every machine. An entry may
 * import a sibling file of the package (the service entry imports `./index.js`): that import stays
 * an import, and the CommonJS module requires the sibling's CommonJS file.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { BuildOptions } from "esbuild";
import { internalError } from "../base/internal-error.js";
import { RecentCache } from "../base/recent-cache.js";

// esbuild's package is CommonJS: `require` skips the scan for named exports an ES import runs over
// its large main file (about 20 ms of CPU in every process that bundles).
const { buildSync, transformSync } = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");

export interface Bundles {
  readonly esm: string;
  readonly cjs: string;
}

export interface BundleInput {
  /** The entry module text. */
  readonly entry: string;
  /** Folder the entry's imports resolve from. */
  readonly resolveDir: string;
  /** Folder esbuild writes paths relative to (the repository root). */
  readonly root: string;
  /** First line of each output (the do-not-edit header). */
  readonly banner: string;
  /** The name esbuild shows for the entry. */
  readonly sourcefile: string;
  /** Sibling files of the package the entry imports, ES module file → its CommonJS file. */
  readonly siblings?: Readonly<Record<string, string>>;
}

/** The ES module and the files esbuild read for it (path → text), besides the entry. */
interface Built {
  readonly esm: string;
  readonly inputs: readonly (readonly [path: string, text: string])[];
}

function buildEsm(input: BundleInput): Built {
  const options: BuildOptions = {
    stdin: { contents: input.entry, loader: "js", resolveDir: input.resolveDir, sourcefile: input.sourcefile },
    external: Object.keys(input.siblings ?? {}),
    absWorkingDir: input.root,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    legalComments: "none",
    // ASCII: one character outside it would make the engine read the whole file as two-byte text.
    charset: "ascii",
    treeShaking: true,
    minify: false,
    sourcemap: false,
    logLevel: "silent",
    metafile: true,
  };
  // The runtime files esbuild reads are small next to the data an entry can hold.
  const result = buildSync(options);
  const file = result.outputFiles?.[0];
  if (!file || result.errors.length > 0) throw internalError(`bundling the validator failed: ${result.errors.map((e) => e.text).join("; ")}`);
  // esbuild names the entry (standard input) by its source file.
  const entry = resolve(input.resolveDir, input.sourcefile);
  const read = Object.keys(result.metafile?.inputs ?? {}).map((path) => resolve(input.root, path)).filter((path) => path !== entry);
  return { esm: file.text, inputs: read.map((path) => [path, readFileSync(path, "utf8")] as const) };
}

const requireOf = (file: string): string => `require(${JSON.stringify(file)})`;

/** esbuild's CommonJS exports are getters (live bindings), which the module does not need. */
const EXPORT_GETTER = "__defProp(to, key, { get: () => from[key], enumerable:";
/**
 * Every export becomes a plain value once the module has run: reading a getter is a call, and a
 * call can overflow a nearly full stack, so `require(...).validateFlowAction` could throw.
 */
const PLAIN_EXPORTS = "for (const key of Object.keys(module.exports)) __defProp(module.exports, key, { value: module.exports[key], enumerable: true });\n";

function plainExports(code: string): string {
  if (!code.includes(EXPORT_GETTER)) throw internalError("the CommonJS bundle does not define its exports as esbuild did");
  return code.replace(EXPORT_GETTER, EXPORT_GETTER.replace("get:", "configurable: true, get:")) + PLAIN_EXPORTS;
}

/** The same module as CommonJS: a transform of the bundle, much cheaper than a second bundling. */
function toCommonJs(esm: string, siblings: Readonly<Record<string, string>>): string {
  const cjs = transformSync(esm, { loader: "js", format: "cjs", platform: "neutral", target: "es2022", charset: "ascii", logLevel: "silent" });
  let code = plainExports(cjs.code);
  for (const [file, cjsFile] of Object.entries(siblings)) {
    if (!code.includes(requireOf(file))) throw internalError(`the CommonJS bundle does not require ${file}`);
    code = code.replaceAll(requireOf(file), requireOf(cjsFile));
  }
  return code;
}

/**
 * Fails generation if any code evaluation or run-time dependency is left in the output; `siblings`
 * are the package's own files the module may load (imports in the ES module, requires in CommonJS).
 */
function assertSelfContained(code: string, siblings: readonly string[]): void {
  const rest = siblings.reduce((text, file) => text.replaceAll(requireOf(file), ""), code);
  for (const banned of ["require(", "import(", "new Function", "eval("]) {
    if (rest.includes(banned)) throw internalError(`the validator bundle contains \`${banned}\``);
  }
  const imported = [...code.matchAll(/^import\b[^;]*?\bfrom\s*("[^"]*")/gm)].map((m) => JSON.parse(m[1]!) as string);
  const foreign = imported.filter((file) => !siblings.includes(file));
  if (foreign.length > 0) throw internalError(`the validator bundle imports ${foreign.join(", ")}`);
}

/** What a bundling read, and what it gave before the banner. */
interface Bundled extends Bundles {
  readonly inputs: Built["inputs"];
}

/**
 * The bundles this process made, by entry, newest last. One spec gives the same entries every
 * time, and an edit to the spec changes few of them (a version bump changes only banners), so
 * generating it again bundles little. An entry is used again only while every file esbuild read
 * for it still says what it said, so an edit to the runtime is bundled like a new entry.
 */
/** The entries of a few specs (each spec has about seven). */
const bundled = new RecentCache<string, Bundled>(32);

function unchanged(inputs: Built["inputs"]): boolean {
  return inputs.every(([path, text]) => existsSync(path) && readFileSync(path, "utf8") === text);
}

function bundleOnce(input: BundleInput): Bundled {
  const siblings = input.siblings ?? {};
  const { esm, inputs } = buildEsm(input);
  const cjs = toCommonJs(esm, siblings);
  assertSelfContained(esm, Object.keys(siblings));
  assertSelfContained(cjs, Object.values(siblings));
  return { esm, cjs, inputs };
}

export function bundle(input: BundleInput): Bundles {
  const key = JSON.stringify([input.entry, input.resolveDir, input.root, input.sourcefile, input.siblings ?? {}]);
  const made = bundled.get(key, () => bundleOnce(input), (kept) => unchanged(kept.inputs));
  const finish = (code: string) => `${input.banner.trimEnd()}\n${code}`;
  return { esm: finish(made.esm), cjs: finish(made.cjs) };
}
