/**
 * `readTree`, the one walk that gives a loaded file its data and positions, against the `yaml`
 * package it stands in for: the same data as `toJS()` (own keys, order, values) on every file of the
 * real spec and the invalid fixtures and on YAML that bends the rules of plain objects, and no data
 * of its own where `toJS` must decide (aliases, keys that are not plain scalars, `<<`, tagged
 * collections such as `!!set` and `!!pairs`), where the loader's checks run the package's walks.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { LineCounter } from "yaml";
import { describe, expect, it } from "vitest";
import { loadSpec } from "../../generator/src/load/load-spec.js";
import { parseYaml } from "../../generator/src/load/yaml-document.js";
import { locate, readTree } from "../../generator/src/load/yaml-positions.js";
import { INVALID_FIXTURES, REAL_SPEC } from "../support/paths.js";
import { tempProject } from "../support/temp-project.js";

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

/** The walk's data and `toJS`'s, for a text without syntax errors. */
function bothReadings(text: string): { tree: ReturnType<typeof readTree>; toJs: unknown } {
  const lines = new LineCounter();
  const { doc, problems } = parseYaml(text, lines);
  expect(problems).toEqual([]);
  return { tree: readTree(doc.contents, "f.yaml", lines), toJs: doc.toJS({ maxAliasCount: 100 }) };
}

/**
 * Equal, with own keys in the same order at every level (Node's comparison: vitest's compares an
 * own `constructor` key as if it were the object's class).
 */
function expectSameData(actual: unknown, expected: unknown): void {
  expect(isDeepStrictEqual(actual, expected)).toBe(true);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

describe("readTree", () => {
  it("gives toJS's data for every spec and fixture file it reads alone (every file of the spec), frozen through", () => {
    const readAlone: string[] = [];
    for (const path of [...yamlFiles(REAL_SPEC), ...yamlFiles(INVALID_FIXTURES)]) {
      const lines = new LineCounter();
      const { doc, problems } = parseYaml(readFileSync(path, "utf8"), lines);
      if (problems.length > 0) continue;
      const tree = readTree(doc.contents, path, lines);
      if (tree.data === undefined) continue;
      readAlone.push(path);
      expectSameData(tree.data, doc.toJS({ maxAliasCount: 100 }));
      expect(Object.isFrozen(tree.data)).toBe(true);
    }
    expect(readAlone).toEqual(expect.arrayContaining(yamlFiles(REAL_SPEC)));
  });

  it("sets keys as toJS does: null as the empty key, numbers and booleans as text, inherited names as own keys", () => {
    const { tree, toJs } = bothReadings('a: 1\nconstructor: 2\ntoString: {x: [1, 2, ~]}\n~: 3\n200: x\n1.0: y\ntrue: z\n"": empty\nkey:\nlist:\n  - a\n  -\n  - {b: c}\n');
    expectSameData(tree.data, toJs);
    expect(Object.hasOwn(tree.data as object, "constructor")).toBe(true);
  });

  it("places every node by pointer at the file's path, a value under a key with its key", () => {
    const { tree } = bothReadings("a:\n  b: [x, y]\n");
    expect(tree.positions.get("/a/b")).toEqual({ key: { file: "f.yaml", line: 2, col: 3 }, value: { file: "f.yaml", line: 2, col: 6 } });
    expect(tree.positions.get("/a/b/1")).toEqual({ value: { file: "f.yaml", line: 2, col: 10 }, source: "y" });
    expect(Object.isFrozen(tree.positions.get("/a/b")!.key)).toBe(true);
  });

  it("locates a pointer, or its nearest ancestor, at the same Loc objects as its positions, whichever is asked first", () => {
    const { tree } = bothReadings("a:\n  b: [x, y]\n");
    const value = locate(tree.positions, "/a/b");
    const key = locate(tree.positions, "/a/b", "key");
    expect(value).toEqual({ file: "f.yaml", line: 2, col: 6 });
    expect(key).toEqual({ file: "f.yaml", line: 2, col: 3 });
    expect(tree.positions.get("/a/b")!.value).toBe(value);
    expect(tree.positions.get("/a/b")!.key).toBe(key);
    expect(locate(tree.positions, "/a/b/1", "key")).toBe(tree.positions.get("/a/b/1")!.value);
    expect(locate(tree.positions, "/a/b/missing/deeper", "key")).toBe(key);
    expect(locate(tree.positions, "/nothing")).toBe(locate(tree.positions, ""));
    expect(locate(new Map(tree.positions), "/a/b/missing", "key")).toBe(key);
  });

  it("leaves the data to toJS for aliases, keys that are not plain scalars, <<, and tagged collections", () => {
    for (const text of ["a: &x {b: 1}\nc: *x\n", "? [a, b]\n: 1\n", "<<: {a: 1}\nb: 2\n", "a: !!pairs [b: 1, c: 2]\n", "a: !!omap [b: 1]\n", "a: !!set {x, y}\n"]) {
      expect(bothReadings(text).tree.data, text).toBeUndefined();
    }
  });

  it("so the loader still finds a __proto__ key or a dangling alias inside !!pairs", () => {
    const project = tempProject();
    writeFileSync(join(project.specDir, "records", "tagged.yaml"), "records: {}\nx: !!pairs [__proto__: 1]\ny: !!pairs [k: *nope]\n");
    const codes = loadSpec({ specDir: project.specDir, displayRoot: project.root }).diagnostics.map((d) => `${d.loc.line}:${d.loc.col} ${d.code}`);
    expect(codes).toEqual(expect.arrayContaining(["2:13 SpecProtoKey"]));
    expect(codes.some((c) => c.startsWith("3:") && c.endsWith("SpecYamlSyntax"))).toBe(true);
  });

  it("lists __proto__ keys at every depth", () => {
    const lines = new LineCounter();
    const text = "__proto__: 1\nb:\n  __proto__: 2\n";
    const { doc } = parseYaml(text, lines);
    expect(readTree(doc.contents, "f.yaml", lines).protoKeys).toEqual([0, text.lastIndexOf("__proto__")]);
  });
});
