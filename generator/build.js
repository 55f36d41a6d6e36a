// The build's step after `tsc` (run by `npm run build` and the package's `prepack`): writes into
// dist/ what is cheaper to make once than in every process. Plain Node, no TypeScript loader: it
// reads the modules tsc has just compiled.
//
// - dist/precompiled/file-shapes.cjs: the spec language's shape checks as Ajv's standalone code,
//   with the digest `check/file-shapes.ts` compares before running them.
// - dist/bundle/: the `flowspec` command (main.js) and the programmatic API (index.js) bundled by
//   esbuild from tsc's output, code-split so each `import()` of a command or a stage stays lazy.
//   Node resolves and links some 260 modules otherwise (about 0.1 s of CPU per process); the
//   dependencies stay imports of their own packages.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = new URL("./", import.meta.url);
const require = createRequire(import.meta.url);

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
    packages: "external",
    logLevel: "warning",
  });
}

await precompileFileShapes();
await bundleEntries();
