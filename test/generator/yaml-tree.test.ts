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
import { serialize } from "node:v8";
import { LineCounter, parseDocument } from "yaml";
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

/**
 * Whether V8 stores `text` two bytes per character: its serializer writes a string in the form it is
 * stored in, tagged `c` when two-byte (after a padding byte, so that the characters are aligned).
 */
function storedTwoByte(text: string): boolean {
  const bytes = serialize(text);
  return bytes[bytes[2] === 0 ? 3 : 2] === "c".charCodeAt(0);
}

/** Every key and string of `data`, depth first. */
function allStrings(data: unknown): string[] {
  if (typeof data === "string") return [data];
  if (data === null || typeof data !== "object") return [];
  return Object.entries(data).flatMap(([key, value]) => [key, ...allStrings(value)]);
}

describe("parseYaml on a text with a character above U+00FF", () => {
  const beyondLatin1 = /[^\u0000-\u00ff]/;
  const files = yamlFiles(REAL_SPEC).filter((path) => beyondLatin1.test(readFileSync(path, "utf8")));

  it("gives the data the yaml package gives, each key and string that fits Latin-1 stored one byte per character", () => {
    // The spec has such files (formats, error records): without them this test would test nothing.
    expect(files.length).toBeGreaterThan(0);
    let kept = 0;
    for (const path of files) {
      const text = readFileSync(path, "utf8");
      const { doc, problems } = parseYaml(text, new LineCounter());
      expect(problems).toEqual([]);
      const data = doc.toJS();
      expectSameData(data, parseDocument(text).toJS());
      const strings = allStrings(data);
      kept += strings.filter((s) => beyondLatin1.test(s)).length;
      expect(strings.filter((s) => storedTwoByte(s) !== beyondLatin1.test(s)), path).toEqual([]);
    }
    // A string that needs two bytes per character stays so (and stays equal): some file has one.
    expect(kept).toBeGreaterThan(0);
  });

  it("keeps every position and __proto__ key as the text has them", () => {
    const text = "unusual_key_17: \u2014 dash\nlist:\n  - caf\u00e9\n  - \u2192 arrow: x\n  - __proto__: 1\n";
    const lines = new LineCounter();
    const { doc } = parseYaml(text, lines);
    const plainLines = new LineCounter();
    const plain = parseDocument(text, { lineCounter: plainLines });
    const tree = readTree(doc.contents, "f.yaml", lines);
    expectSameData(tree.data, plain.toJS());
    expect([...tree.positions]).toEqual([...readTree(plain.contents, "f.yaml", plainLines).positions]);
    expect(tree.protoKeys).toEqual([text.indexOf("__proto__")]);
    expect(storedTwoByte(Object.keys(tree.data as object)[0]!)).toBe(false);
  });
});
