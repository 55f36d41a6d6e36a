/**
 * Bundles an entry module with the runtime into one ES module and one CommonJS module, in process
 * and without touching the disk (esbuild's `stdin`). The options are fixed, and paths in esbuild's
 * comments are relative to the repository, so the output is the same on every machine. An entry may
 * import a sibling file of the package (the service entry imports `./index.js`): that import stays
 * an import, and the CommonJS module requires the sibling's CommonJS file.
 */
import { buildSync, transformSync, type BuildOptions } from "esbuild";
import { internalError } from "../base/internal-error.js";

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

function buildEsm(input: BundleInput): string {
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
  };
  const result = buildSync(options);
  const file = result.outputFiles?.[0];
  if (!file || result.errors.length > 0) throw internalError(`bundling the validator failed: ${result.errors.map((e) => e.text).join("; ")}`);
  return file.text;
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
  let code = plainExports(transformSync(esm, { loader: "js", format: "cjs", platform: "neutral", target: "es2022", charset: "ascii", logLevel: "silent" }).code);
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

export function bundle(input: BundleInput): Bundles {
  const siblings = input.siblings ?? {};
  const esm = buildEsm(input);
  const cjs = toCommonJs(esm, siblings);
  assertSelfContained(esm, Object.keys(siblings));
  assertSelfContained(cjs, Object.values(siblings));
  const finish = (code: string) => `${input.banner.trimEnd()}\n${code}`;
  return { esm: finish(esm), cjs: finish(cjs) };
}
