/**
 * The declarations read as a TypeScript syntax tree (ts-morph): every declaration and member
 * documented with a link into the reference, every link landing on a real anchor, closed objects
 * without an index signature (checked against the JSON Schema of @flowspec/schema, an independent
 * rendering of the same spec), constraints in the docs, and no `Foo`/`Foo1` pairs of names.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Project, type JSDocableNode, type InterfaceDeclaration } from "ts-morph";
import { describe, expect, it } from "vitest";
import { PACKAGES, TYPES_PACKAGE } from "../support/paths.js";

const source = new Project({ useInMemoryFileSystem: true }).createSourceFile(
  "index.d.cts",
  readFileSync(join(TYPES_PACKAGE, "index.d.cts"), "utf8"),
);
const interfaces = source.getInterfaces();
const aliases = source.getTypeAliases();
const constants = source.getVariableStatements();

function docText(node: JSDocableNode): string {
  return node.getJsDocs().map((d) => d.getText()).join("\n");
}

const SEE_REFERENCE = /@see \[[^\]]+\]\(\.\.\/reference\/[^)]+\)/;

describe("documentation", () => {
  it("every declaration has a doc with a link into the reference", () => {
    const undocumented = [...interfaces, ...aliases, ...constants]
      .filter((d) => !SEE_REFERENCE.test(docText(d)))
      .map((d) => d.getText().split("\n").find((l) => l.startsWith("export")));
    expect(undocumented).toEqual([]);
    expect(interfaces.length + aliases.length).toBeGreaterThan(150);
  });

  it("every member has a doc with a link into the reference", () => {
    const undocumented = interfaces.flatMap((i) =>
      [...i.getProperties(), ...i.getIndexSignatures()].filter((m) => !SEE_REFERENCE.test(docText(m))).map((m) => `${i.getName()}.${m.getText()}`),
    );
    expect(undocumented).toEqual([]);
  });

  it("every link lands on a page and anchor of the reference", () => {
    const reference = join(PACKAGES, "reference");
    const links = new Set([...source.getFullText().matchAll(/\]\(\.\.\/reference\/([^)#]+)(?:#([^)]+))?\)/g)].map((m) => `${m[1]}#${m[2] ?? ""}`));
    const broken = [...links].filter((link) => {
      const [page, anchor] = link.split("#") as [string, string];
      const file = join(reference, page);
      if (!existsSync(file)) return true;
      return anchor !== "" && !anchorsOf(readFileSync(file, "utf8")).has(anchor);
    });
    expect(links.size).toBeGreaterThan(80);
    expect(broken).toEqual([]);
  });
});

/** Explicit `<a id>` anchors and GitHub heading slugs. */
function anchorsOf(markdown: string): Set<string> {
  const ids = [...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);
  const headings = [...markdown.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "").replace(/ /g, "-"));
  return new Set([...ids, ...headings]);
}

type JsonSchema = { [key: string]: unknown };

/** Every schema object of @flowspec/schema that carries a title, by title. */
function titledSchemas(): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    const schema = node as JsonSchema;
    if (typeof schema.title === "string" && schema.type === "object") found.set(schema.title, schema);
    Object.values(schema).forEach(walk);
  };
  const dir = join(PACKAGES, "schema");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".schema.json"))) walk(JSON.parse(readFileSync(join(dir, file), "utf8")));
  return found;
}

describe("shapes against the JSON Schema", () => {
  const schemas = titledSchemas();
  const matched = interfaces.filter((i) => schemas.has(i.getName()));

  it("covers nearly every interface", () => {
    expect(matched.length).toBeGreaterThan(interfaces.length * 0.9);
  });

  it("has an index signature exactly where the schema leaves the object open", () => {
    const wrong = matched.filter((i) => (i.getIndexSignatures().length > 0) !== (schemas.get(i.getName())!.additionalProperties !== false));
    expect(wrong.map((i) => i.getName())).toEqual([]);
  });

  it("has the schema's properties, optional exactly where not required", () => {
    const mismatch = (i: InterfaceDeclaration): string[] => {
      const schema = schemas.get(i.getName())!;
      const properties = Object.keys((schema.properties as JsonSchema | undefined) ?? {});
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const declared = i.getProperties().map((p) => `${p.getName().replace(/^"|"$/g, "")}${p.hasQuestionToken() ? "?" : ""}`);
      const expected = properties.map((p) => `${p}${required.has(p) ? "" : "?"}`);
      return declared.join(",") === expected.join(",") ? [] : [`${i.getName()}: ${declared.join(",")} ≠ ${expected.join(",")}`];
    };
    expect(matched.flatMap(mismatch)).toEqual([]);
  });

  it("states each maximum length in the member's doc", () => {
    const missing: string[] = [];
    for (const i of matched) {
      const properties = (schemas.get(i.getName())!.properties as Record<string, JsonSchema> | undefined) ?? {};
      for (const p of i.getProperties()) {
        const max = properties[p.getName()]?.maxLength;
        if (typeof max === "number" && !docText(p).includes(`${max} characters`)) missing.push(`${i.getName()}.${p.getName()}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("names", () => {
  it("never come in numbered pairs (Foo, Foo1)", () => {
    const names = new Set([...interfaces, ...aliases].map((d) => d.getName()));
    const numbered = [...names].filter((n) => /\d+$/.test(n) && names.has(n.replace(/\d+$/, "")));
    expect(numbered).toEqual([]);
    expect(names.has("FlowActionAuth0")).toBe(true);
  });
});
