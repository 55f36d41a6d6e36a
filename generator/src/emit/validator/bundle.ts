/**
 * Bundles the entry module with the runtime into one ES module and one CommonJS module, in
 * process and without touching the disk (esbuild's `stdin`). The options are fixed, and paths in
 * esbuild's comments are relative to the repository, so the output is the same on every machine.
 */
import { buildSync, transformSync, type BuildOptions } from "esbuild";

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
}

function buildEsm(input: BundleInput): string {
  const options: BuildOptions = {
    stdin: { contents: input.entry, loader: "js", resolveDir: input.resolveDir, sourcefile: "validator-entry.js" },
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
  if (!file || result.errors.length > 0) throw new Error(`flowspec: bundling the validator failed: ${result.errors.map((e) => e.text).join("; ")}`);
  return file.text;
}

/** The same module as CommonJS: a transform of the bundle, much cheaper than a second bundling. */
function toCommonJs(esm: string): string {
  return transformSync(esm, { loader: "js", format: "cjs", platform: "neutral", target: "es2022", charset: "ascii", logLevel: "silent" }).code;
}

/** Fails generation if any code evaluation or run-time dependency is left in the output. */
function assertSelfContained(code: string): void {
  for (const banned of ["require(", "import(", "new Function", "eval("]) {
    if (code.includes(banned)) throw new Error(`flowspec: the validator bundle contains \`${banned}\``);
  }
}

export function bundle(input: BundleInput): Bundles {
  const esm = buildEsm(input);
  assertSelfContained(esm);
  const finish = (code: string) => `${input.banner.trimEnd()}\n${code}`;
  return { esm: finish(esm), cjs: finish(toCommonJs(esm)) };
}
