/**
 * Stage 1, load: every YAML file of the spec folder → `LoadedSpec`, plain data plus positions.
 *
 * Nothing here judges the content; it only makes sure each file is YAML a program can hold safely
 * (a bounded size, UTF-8, no syntax errors, no `__proto__` keys, a bounded alias expansion) and
 * remembers where every value came from.
 */
import { basename, join, relative } from "node:path";
import { isMap, isPair, isScalar, LineCounter, visit, type Document } from "yaml";
import { deepFreeze } from "../base/deep-freeze.js";
import { RecentCache } from "../base/recent-cache.js";
import { diagnostic, type Diagnostic, type Loc } from "../base/diagnostics.js";
import { listSpecFolder, toPosix } from "./spec-folder.js";
import { readSpecText } from "./spec-text.js";
import { parseYaml, type YamlProblem } from "./yaml-document.js";
import { locate, readTree, type DocumentTree, type LazyPositions, type PositionIndex } from "./yaml-positions.js";

export interface SpecFile {
  /** Path shown in diagnostics and headers, POSIX separators, e.g. `spec/flow-actions/stripe.yaml`. */
  readonly path: string;
  /** Path inside the spec folder, e.g. `flow-actions/stripe.yaml`. */
  readonly name: string;
  /**
   * The folder's own name and the path inside it, e.g. `spec/flow-actions/stripe.yaml`. Generated
   * headers name sources this way, so output does not depend on where the generator runs from.
   */
  readonly source: string;
  readonly data: unknown;
  readonly positions: PositionIndex;
}

export interface LoadedSpec {
  readonly files: readonly SpecFile[];
  readonly diagnostics: readonly Diagnostic[];
}

export interface LoadOptions {
  /** The spec folder. */
  readonly specDir: string;
  /** Paths in diagnostics are relative to this folder (default: the working directory). */
  readonly displayRoot?: string;
}

/**
 * How many times a file may expand YAML aliases: a spec has no use for many, and a few nested
 * ones can stand for billions of values (the "billion laughs" pattern).
 */
const MAX_ALIAS_EXPANSIONS = 100;

/** Every alias whose anchor is not set before it (YAML refers only backwards). */
function unresolvedAliases(doc: Document, at: (offset: number) => Loc): Diagnostic[] {
  const problems: Diagnostic[] = [];
  visit(doc, {
    Alias(_, alias) {
      if (alias.resolve(doc) === undefined) {
        problems.push(diagnostic(at(alias.range?.[0] ?? 0), "SpecYamlSyntax", `alias *${alias.source} has no anchor &${alias.source} before it; set the anchor first.`));
      }
    },
  });
  return problems;
}

/** The file's data, or a diagnostic at its first alias when expanding aliases would exceed the limit. */
function toData(doc: Document, at: (offset: number) => Loc): { data: unknown } | { problem: Diagnostic } {
  try {
    return { data: doc.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS }) ?? {} };
  } catch (error) {
    // With every alias resolved, the only ReferenceError left is the expansion limit.
    if (!(error instanceof ReferenceError)) throw error;
    let first = 0;
    visit(doc, {
      Alias(_, alias) {
        first = alias.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    const message = `expanding the YAML aliases of this file would make more than ${MAX_ALIAS_EXPANSIONS} copies; write the values out instead of nesting aliases.`;
    return { problem: diagnostic(at(first), "SpecAliasLimit", message) };
  }
}

/** What to do about a YAML syntax error, when the parser's own words do not say it. */
function syntaxHint(code: string): string {
  switch (code) {
    case "TAB_AS_INDENT":
      return "indent with spaces instead";
    case "DUPLICATE_KEY":
      return "keep one of them";
    case "TOO_DEEP":
      return "nest fewer levels";
    case "UNKNOWN_TAG":
      return "remove the tag";
    default:
      return "fix the YAML syntax";
  }
}

/**
 * Syntax errors, one per line: after a mistake the parser reports its consequences on the same
 * line several times (see yaml-document.ts for duplicate keys, depth and tags).
 */
function syntaxErrors(yamlProblems: readonly YamlProblem[], at: (offset: number) => Loc): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const seen = new Set<number>();
  for (const error of yamlProblems) {
    const loc = at(error.offset);
    if (seen.has(loc.line)) continue;
    seen.add(loc.line);
    problems.push(diagnostic(loc, "SpecYamlSyntax", `${error.message}; ${syntaxHint(error.code)}.`));
  }
  return problems;
}

/** `__proto__` keys, found by the package's own walk (for a document `readTree` cannot read alone). */
function protoKeysOf(doc: Document): number[] {
  const offsets: number[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (isPair(pair) && isScalar(pair.key) && pair.key.value === "__proto__") offsets.push(pair.key.range?.[0] ?? 0);
    },
  });
  return offsets;
}

/** Dangling aliases, `__proto__` keys, and a top level that is not a mapping, of a document without syntax errors. */
function contentProblems(doc: Document, tree: DocumentTree, at: (offset: number) => Loc): Diagnostic[] {
  // A document the walk read alone has no alias, and it saw every key.
  const alone = tree.data !== undefined;
  const problems = alone ? [] : unresolvedAliases(doc, at);
  for (const offset of alone ? tree.protoKeys : protoKeysOf(doc)) {
    problems.push(diagnostic(at(offset), "SpecProtoKey", "`__proto__` is not allowed as a key anywhere in the spec; rename it."));
  }
  if (problems.length === 0 && doc.contents !== null && !isMap(doc.contents)) {
    problems.push(diagnostic(at(doc.contents.range?.[0] ?? 0), "SpecWrongType", "a spec file must hold a mapping at its top level."));
  }
  return problems;
}

interface LoadedFile {
  readonly file?: SpecFile;
  readonly problems: readonly Diagnostic[];
}

/** What a file's text gives: its data, and its positions and problems at the path it was first read from. */
interface ReadText {
  readonly path: string;
  readonly data?: unknown;
  readonly positions?: LazyPositions;
  readonly problems: readonly Diagnostic[];
}

/**
 * What this process has read, newest last (the oldest entry goes first): each text once, and each
 * file at its path, by everything its result depends on (the path shown, the names and the text).
 * A run that reads a spec twice (`release --check` reads the working spec and the released one,
 * which share most of their text; `generate --watch` reads it again after each edit) parses each
 * unchanged text once, and hands back the same file while its path and text are unchanged (which
 * `loadIr` counts on). Entries are shared, so they are frozen. 300 entries hold several copies of
 * the spec's files.
 */
const MAX_ENTRIES = 300;
const readTexts = new RecentCache<string, ReadText>(MAX_ENTRIES);
const loadedFiles = new RecentCache<string, LoadedFile>(MAX_ENTRIES);

/** `shownDir`: the spec folder as diagnostics show it (relative to the display root), worked out once for all its files. */
function loadFile(specDir: string, name: string, shownDir: string): LoadedFile {
  const full = join(specDir, name);
  const path = toPosix(join(shownDir, name));
  const read = readSpecText(full, path);
  if ("problem" in read) return { problems: [read.problem] };
  const source = `${basename(specDir)}/${name}`;
  return loadedFiles.get(`${path}\u0000${name}\u0000${source}\u0000${read.text}`, () => deepFreeze(placedAt(read.text, path, name, source)));
}

/** A text's data and positions, placed at the file's path (read again only when another path read it first). */
function placedAt(text: string, path: string, name: string, source: string): LoadedFile {
  const read = readTexts.get(text, () => deepFreeze(readText(text, path)));
  const { data, positions, problems } = read.path === path ? read : elsewhere(read, path);
  if (positions === undefined) return { problems };
  return { file: { path, name, source, data, positions }, problems: [] };
}

/** A text read at another path, its positions and problems moved to `path`. */
function elsewhere(read: ReadText, path: string): ReadText {
  const problems = read.problems.map((p) => ({ ...p, loc: { ...p.loc, file: path } }));
  if (read.positions === undefined) return { path, problems };
  return { path, data: read.data, positions: read.positions.at(path), problems };
}

function readText(text: string, path: string): ReadText {
  const lines = new LineCounter();
  const { doc, problems: yamlProblems } = parseYaml(text, lines);
  const at = (offset: number): Loc => ({ file: path, ...lines.linePos(offset) });
  const syntax = syntaxErrors(yamlProblems, at);
  // The walks below recurse: a document too deep or broken is not walked.
  if (syntax.length > 0) return { path, problems: syntax };
  const tree = readTree(doc.contents, path, lines);
  const problems = contentProblems(doc, tree, at);
  if (problems.length > 0) return { path, problems };
  if (tree.data !== undefined) return { path, data: tree.data, positions: tree.positions, problems };
  const converted = toData(doc, at);
  if ("problem" in converted) return { path, problems: [converted.problem] };
  return { path, data: converted.data, positions: tree.positions, problems };
}

export function loadSpec(options: LoadOptions): LoadedSpec {
  const displayRoot = options.displayRoot ?? process.cwd();
  const folder = listSpecFolder(options.specDir, displayRoot);
  const shownDir = relative(displayRoot, options.specDir);
  const files: SpecFile[] = [];
  const diagnostics: Diagnostic[] = [...folder.diagnostics];
  for (const name of folder.names) {
    const { file, problems } = loadFile(options.specDir, name, shownDir);
    diagnostics.push(...problems);
    if (file) files.push(file);
  }
  return { files, diagnostics };
}

/** Where `pointer` is in `file` (or its nearest ancestor), for diagnostics and IR nodes. */
export function locIn(file: SpecFile, pointer: string, prefer: "key" | "value" = "value"): Loc {
  return locate(file.positions, pointer, prefer) ?? { file: file.path, line: 1, col: 1 };
}
