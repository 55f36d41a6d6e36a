/**
 * Sizes as an application ships them: minified by esbuild and gzipped (level 9), for a whole ES
 * module, for bundles that import one export each (what tree-shaking leaves), and for a bundle of
 * everything the package's entries export (the main entry and `./service` together).
 */
import { gzipSync } from "node:zlib";
import { dirname, resolve } from "node:path";
import { buildSync, transformSync } from "esbuild";

function gzipped(text: string): number {
  return gzipSync(text, { level: 9 }).length;
}

/** The text of an application bundle of `contents`: minified as it ships, or readable. */
function bundle(contents: string, minify: boolean): string {
  return buildSync({ absWorkingDir: "/", stdin: { contents, loader: "js", resolveDir: "/" }, bundle: true, minify, write: false, format: "esm", platform: "neutral", logLevel: "silent" }).outputFiles[0]!.text;
}

function bundled(contents: string): number {
  return gzipped(bundle(contents, true));
}

/** Module text, minified on its own and gzipped (how the size breakdown weighs a file with a part left out). */
export function minGzipBytes(source: string): number {
  return gzipped(transformSync(source, { minify: true, format: "esm", loader: "js" }).code);
}

/** One file, minified on its own (its imports of other files stay imports). */
export function wholeFileBytes(distFile: string): number {
  return gzipped(buildSync({ absWorkingDir: dirname(resolve(distFile)), entryPoints: [resolve(distFile)], bundle: false, minify: true, write: false, format: "esm", logLevel: "silent" }).outputFiles[0]!.text);
}

const singleImport = (distFile: string, name: string): string => `import { ${name} } from ${JSON.stringify(distFile)};\nglobalThis.used = ${name};\n`;

/** An application bundle that imports only `name` from `distFile`. */
export function singleImportBytes(distFile: string, name: string): number {
  return bundled(singleImport(distFile, name));
}

/** The same bundle unminified, one top-level declaration per line start (for the size breakdown). */
export function singleImportText(distFile: string, name: string): string {
  return bundle(singleImport(distFile, name), false);
}

/** An application bundle that uses every export of every file given. */
export function everythingBytes(distFiles: readonly string[]): number {
  return bundled(distFiles.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};\nglobalThis.m${i} = m${i};\n`).join(""));
}
