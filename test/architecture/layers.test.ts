/**
 * ARCHITECTURE.md's layer table, held by the import graph of generator/src and generator/runtime:
 * every module sits in a row, imports only its own part or a lower row, and no two modules import
 * each other through any chain (type-only imports count: two files in a cycle cannot be read
 * apart). Command entries load nothing but their usage text, and `flowspec` itself starts
 * without a package from node_modules. A failure names each import to fix as `from -> to`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.ts";

const GENERATOR = join(REPO_ROOT, "generator");

/**
 * Rows bottom to top, as ARCHITECTURE.md lists them. A part is a folder (ending in `/`) or a file,
 * relative to generator/; `src/commands/*\/` makes each command folder its own part.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["runtime/", "src/base/"],
  ["src/spec-language/", "src/pattern/"],
  ["src/load/"],
  ["src/check/"],
  ["src/ir/"],
  ["src/json-schema/", "src/typescript/"],
  ["src/openapi/"],
  ["src/emit/package-dirs.ts", "src/emit/package-facts.ts", "src/emit/bundle.ts", "src/emit/markdown.ts"],
  ["src/emit/generated-file.ts"],
  ["src/emit/package-identity.ts"],
  ["src/emit/schema/", "src/emit/types/", "src/emit/validator/", "src/emit/reference/", "src/emit/fixtures/"],
  ["src/emit/emitters.ts"],
  ["src/write/"],
  ["src/diff/"],
  ["src/payload/", "src/release-record/"],
  ["src/pipeline/"],
  ["src/stand-in/"],
  ["src/traffic/"],
  ["src/upstream/"],
  ["src/commands/command.ts", "src/commands/project-config.ts"],
  ["src/commands/*/"],
  ["src/commands/table.ts"],
  ["src/commands/main.ts"],
  ["src/index.ts"],
];

interface Place {
  readonly row: number;
  readonly part: string;
}

const posix = (path: string): string => path.split(sep).join("/");

/** The row and part of a module (path relative to generator/), the longest matching part winning. */
function place(rel: string): Place | undefined {
  let best: (Place & { length: number }) | undefined;
  LAYERS.forEach((parts, row) => {
    for (const pattern of parts) {
      const part = pattern.endsWith("*/") ? commandFolder(rel, pattern.slice(0, -2)) : rel === pattern || (pattern.endsWith("/") && rel.startsWith(pattern)) ? pattern : undefined;
      if (part !== undefined && (!best || part.length > best.length)) best = { row, part, length: part.length };
    }
  });
  return best && { row: best.row, part: best.part };
}

/** `src/commands/validate/` for `src/commands/validate/run.ts`; nothing for a file directly in `prefix`. */
function commandFolder(rel: string, prefix: string): string | undefined {
  if (!rel.startsWith(prefix)) return undefined;
  const rest = rel.slice(prefix.length);
  const slash = rest.indexOf("/");
  return slash > 0 ? `${prefix}${rest.slice(0, slash + 1)}` : undefined;
}

const modules = ["src", "runtime"]
  .flatMap((dir) => readdirSync(join(GENERATOR, dir), { recursive: true, encoding: "utf8" }).map((f) => posix(join(dir, f))))
  .filter((rel) => rel.endsWith(".ts") && !rel.endsWith(".d.ts"))
  .sort();

const texts = new Map(modules.map((rel) => [rel, readFileSync(join(GENERATOR, rel), "utf8")]));

/** What a module imports, static and dynamic, type-only included: relative specifiers only, as module paths. */
function importsOf(rel: string, specifiers: readonly string[]): string[] {
  return specifiers.filter((s) => s.startsWith(".")).map((s) => posix(relative(GENERATOR, resolve(dirname(join(GENERATOR, rel)), s.replace(/\.js$/, ".ts")))));
}

const imports = new Map(modules.map((rel) => [rel, importsOf(rel, ts.preProcessFile(texts.get(rel) ?? "", true, true).importedFiles.map((i) => i.fileName))]));

/** The imports that load code when the module loads: no `import type`, no `import()`. */
function staticValueImports(rel: string): string[] {
  const source = ts.createSourceFile(rel, texts.get(rel) ?? "", ts.ScriptTarget.ES2022);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      const onlyTypes = bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly) && !statement.importClause?.name;
      if (!onlyTypes) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

describe("the layer table of ARCHITECTURE.md", () => {
  it("reads every module of the generator", () => {
    expect(modules.length).toBeGreaterThan(200);
    expect(modules).toContain("src/commands/main.ts");
  });

  it("places every module in a layer", () => {
    expect(modules.filter((rel) => place(rel) === undefined)).toEqual([]);
  });

  it("has no import that runs up a layer or across a row", () => {
    const wrong: string[] = [];
    for (const [from, targets] of imports) {
      const a = place(from);
      for (const to of targets) {
        const b = place(to);
        if (!a || !b) continue;
        if (b.row > a.row || (b.row === a.row && b.part !== a.part)) wrong.push(`${from} -> ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("imports only modules that exist", () => {
    const missing = [...imports].flatMap(([from, targets]) => targets.filter((to) => !texts.has(to) && to.startsWith("src/")).map((to) => `${from} -> ${to}`));
    expect(missing).toEqual([]);
  });

  it("has no cycle of imports", () => {
    const cycles: string[] = [];
    const done = new Set<string>();
    const open: string[] = [];
    const visit = (rel: string): void => {
      if (done.has(rel)) return;
      const at = open.indexOf(rel);
      if (at >= 0) {
        cycles.push([...open.slice(at), rel].join(" -> "));
        return;
      }
      open.push(rel);
      for (const to of imports.get(rel) ?? []) if (texts.has(to)) visit(to);
      open.pop();
      done.add(rel);
    };
    for (const rel of modules) visit(rel);
    expect(cycles).toEqual([]);
  });

  it("keeps every command entry light: it loads its usage text, the rest when it runs", () => {
    const entries = modules.filter((rel) => /^src\/commands\/[^/]+\/entry\.ts$/.test(rel));
    expect(entries.length).toBeGreaterThanOrEqual(7);
    const heavy = entries.flatMap((rel) => staticValueImports(rel).filter((s) => s !== "../command.js" && s !== "./usage.js").map((s) => `${rel} -> ${s}`));
    expect(heavy).toEqual([]);
  });

  it("starts flowspec without a package from node_modules", () => {
    const seen = new Set<string>();
    const packages: string[] = [];
    const walk = (rel: string): void => {
      if (seen.has(rel)) return;
      seen.add(rel);
      for (const s of staticValueImports(rel)) {
        if (s.startsWith(".")) walk(importsOf(rel, [s])[0] ?? s);
        else if (!s.startsWith("node:")) packages.push(`${rel} -> ${s}`);
      }
    };
    walk("src/commands/main.ts");
    expect(seen.size).toBeGreaterThan(10);
    expect(packages).toEqual([]);
  });
});

/** `import(…)` calls whose module is computed at run time: code the generator did not ship with it. */
function computedImports(rel: string): number {
  const source = ts.createSourceFile(rel, texts.get(rel) ?? "", ts.ScriptTarget.ES2022);
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !ts.isStringLiteralLike(node.arguments[0] ?? node)) count++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

describe("loading the generated validator", () => {
  it("happens in one module: payload/validator-module.ts is the only import of a module named at run time", () => {
    // validate, serve, conformance, the evidence and the corpus gate all go through it; a second
    // `import(url)` (a temporary file, another entry loaded beside it) is a second way back.
    const loaders = modules.filter((rel) => computedImports(rel) > 0);
    expect(loaders).toEqual(["src/payload/validator-module.ts"]);
  });
});
