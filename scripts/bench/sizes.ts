/**
 * Sizes as an application ships them: minified by esbuild and gzipped (level 9), for the whole ES
 * module and for bundles that import one export each (what tree-shaking leaves).
 */
import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";

function gzipped(text: string): number {
  return gzipSync(text, { level: 9 }).length;
}

/** The whole file, minified on its own. */
export function wholeFileBytes(distFile: string): number {
  return gzipped(buildSync({ entryPoints: [distFile], bundle: false, minify: true, write: false, format: "esm", logLevel: "silent" }).outputFiles[0]!.text);
}

/** An application bundle that imports only `name`. */
export function singleImportBytes(distFile: string, name: string): number {
  const contents = `import { ${name} } from ${JSON.stringify(distFile)};\nglobalThis.used = ${name};\n`;
  const out = buildSync({ stdin: { contents, loader: "js", resolveDir: "/" }, bundle: true, minify: true, write: false, format: "esm", platform: "neutral", logLevel: "silent" });
  return gzipped(out.outputFiles[0]!.text);
}
