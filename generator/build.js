// The build's step after `tsc` (run by `npm run build` and the package's `prepack`): writes into
// dist/ what is cheaper to make once than in every process. Plain Node, no TypeScript loader: it
// reads the modules tsc has just compiled.
//
// - dist/precompiled/file-shapes.cjs: the spec language's shape checks as Ajv's standalone code,
//   with the digest `check/file-shapes.ts` compares before running them.
// - dist/bundle/: the `flowspec` command (main.js) and the programmatic API (index.js) bundled by
//   esbuild from tsc's output, code-split so each `import()` of a command or a stage stays lazy.
//   Node resolves and links some 260 modules otherwise (about 0.1 s of CPU per process). TypeBox,
//   which only builds the spec language's schemas when a process starts, is bundled too (its ESM
//   build is some 200 modules; its license is copied beside the bundle); every other dependency
//   stays an import of its own package.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = new URL("./", import.meta.url);
const require = createRequire(import.meta.url);

/** The dependencies bundled into dist/bundle/ (each one's license goes with it). */
const BUNDLED = ["@sinclair/typebox"];

async function precompileFileShapes() {
  const { addFileSchemas, fileShapesDigest, PRECOMPILED_FILE_SHAPES } = await import(new URL("dist/src/check/file-shapes.js", root).href);
  const { FILE_SCHEMAS } = await import(new URL("dist/src/spec-language/layout.js", root).href);
  const { shapeAjv } = await import(new URL("dist/src/check/shape-check.js", root).href);
  const standaloneCode = require("ajv/dist/standalone").default;
  const ajv = shapeAjv({ code: { source: true } });
  addFileSchemas(ajv);
  const code = standaloneCode(ajv, Object.fromEntries(Object.keys(FILE_SCHEMAS).map((kind) => [kind, kind])));
  const file = fileURLToPath(new URL(PRECOMPILED_FILE_SHAPES, root));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `// Written by generator/build.js: Ajv's standalone code of the spec language's shape checks.\n${code}\nexports.digest = ${JSON.stringify(fileShapesDigest())};\n`);
}

const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));

async function bundleEntries() {
  const outdir = fileURLToPath(new URL("dist/bundle", root));
  // A chunk of an earlier build that this one no longer writes must not stay behind.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: fileURLToPath(root),
    entryPoints: { main: "dist/src/commands/main.js", index: "dist/src/index.js" },
    outdir,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: Object.keys(manifest.dependencies).filter((name) => !BUNDLED.includes(name)).flatMap((name) => [name, `${name}/*`]),
    logLevel: "warning",
  });
  for (const name of BUNDLED) copyFileSync(licenseOf(name), join(outdir, `${name.replace("/", "+")}.LICENSE`));
}

/** A dependency's license file (its package may not export its package.json, so from its entry). */
function licenseOf(name) {
  const entry = require.resolve(name);
  const marker = `${sep}node_modules${sep}${name.split("/").join(sep)}${sep}`;
  const folder = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const file = readdirSync(folder).find((f) => /^licen[cs]e(\.md|\.txt)?$/i.test(f));
  if (file === undefined) throw new Error(`build: ${name} has no license file to ship with its bundled copy`);
  return join(folder, file);
}

await precompileFileShapes();
await bundleEntries();
