/**
 * YAML as flowspec reads it (the spec, `flowspec validate`'s payloads, serve's config file): the
 * `yaml` package's parser, with what it does not bound or does not refuse taken over here.
 *
 * - Duplicate keys are found with one set per mapping, in time linear in the keys: the package's
 *   `uniqueKeys` compares each key with every earlier one (80,000 keys took two minutes).
 * - Nesting is bounded (`MAX_YAML_DEPTH`) and reported as such: the parser, `toJS` and every walker
 *   recurse, and past a few hundred levels the engine's stack runs out ("Maximum call stack size
 *   exceeded" is not a message for people).
 * - A tag YAML's core schema does not define (`!!js/function`, `!custom`) is an error, not a string.
 * - In a text with a character above U+00FF, each key and string is copied so that it is stored one
 *   byte per character when it can be (`oneByteStrings`).
 *
 * The walk here is iterative, so it is safe at any depth, and it runs before anything recursive.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, visit, type Document, type LineCounter } from "yaml";

import { MAX_YAML_DEPTH } from "./yaml-depth.js";

/** Levels of mappings and sequences read: far above any spec or payload, far below the stack's reach. */
export { MAX_YAML_DEPTH };

export interface YamlProblem {
  /** Offset in the text. */
  readonly offset: number;
  /** The parser's code (e.g. TAB_AS_INDENT), or DUPLICATE_KEY, TOO_DEEP, UNKNOWN_TAG. */
  readonly code: string;
  readonly message: string;
}

export interface ParsedYaml {
  readonly doc: Document;
  /** Every problem, in text order; the document is safe to walk and convert only when there are none. */
  readonly problems: readonly YamlProblem[];
}

const STACK_MESSAGE = "Maximum call stack size exceeded";

function tooDeep(offset: number): YamlProblem {
  return { offset, code: "TOO_DEEP", message: `nested more than ${MAX_YAML_DEPTH} levels deep; flowspec reads at most ${MAX_YAML_DEPTH}` };
}

/** Duplicate keys and excess depth, found by one walk with a stack of its own. */
function structureProblems(doc: Document): YamlProblem[] {
  const problems: YamlProblem[] = [];
  const pending: { readonly node: unknown; readonly depth: number }[] = [{ node: doc.contents, depth: 1 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (isAlias(node) || !(isMap(node) || isSeq(node))) continue;
    if (depth > MAX_YAML_DEPTH) return [tooDeep(node.range?.[0] ?? 0)];
    if (isSeq(node)) {
      for (const item of node.items) pending.push({ node: item, depth: depth + 1 });
      continue;
    }
    const seen = new Set<unknown>();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      if (isScalar(pair.key)) {
        if (seen.has(pair.key.value)) problems.push({ offset: pair.key.range?.[0] ?? 0, code: "DUPLICATE_KEY", message: `the key ${JSON.stringify(String(pair.key.value)).slice(0, 100)} is given more than once in this mapping` });
        seen.add(pair.key.value);
      } else {
        pending.push({ node: pair.key, depth: depth + 1 });
      }
      pending.push({ node: pair.value, depth: depth + 1 });
    }
  }
  return problems;
}

/** The parser's own errors in our words where its are not for people; unknown tags from its warnings. */
function parserProblems(doc: Document): YamlProblem[] {
  const problems: YamlProblem[] = doc.errors.map((e) => (e.message.includes(STACK_MESSAGE) ? tooDeep(e.pos[0]) : { offset: e.pos[0], code: e.code, message: e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "") }));
  for (const warning of doc.warnings) {
    if (warning.code !== "TAG_RESOLVE_FAILED") continue;
    const tag = /Unresolved tag: (\S+)/.exec(warning.message)?.[1] ?? "this tag";
    problems.push({ offset: warning.pos[0], code: "UNKNOWN_TAG", message: `unknown tag ${tag.slice(0, 100)}: only YAML's core tags are read (write the value without a tag)` });
  }
  return problems;
}

/** A character V8 cannot store in a one-byte (Latin-1) string. */
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/**
 * V8 stores a text with a character above U+00FF two bytes per character, and every string the
 * parser cuts from it shares that storage, even `"id"`. A string made of such pieces is two-byte
 * too, however it is joined: the spec's few typographic dashes and arrows (in the files of formats
 * and error records, whose examples go into every fixture) made the whole `fixtures.json` of a wide
 * spec twice its size in memory while it was built, formatted, written and parsed again. So each
 * key and string scalar of such a text is replaced by an equal copy: `JSON.parse` makes its strings
 * one-byte whenever their characters fit, and was the cheapest of the copies measured (a Buffer's
 * `latin1` round trip, `String.fromCharCode`, `split`/`join`). A text without such a character
 * (almost every file) is one-byte already, and V8 answers the test for one on it without reading it.
 */
function oneByteStrings(doc: Document): void {
  visit(doc, {
    Scalar(_, scalar) {
      if (typeof scalar.value === "string") scalar.value = JSON.parse(JSON.stringify(scalar.value)) as string;
    },
  });
}

export function parseYaml(text: string, lineCounter: LineCounter): ParsedYaml {
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false });
  const problems = parserProblems(doc);
  // A document the parser gave up on may be partial: its structure is not worth judging.
  if (problems.length === 0) problems.push(...structureProblems(doc));
  // Only a document that is safe to walk (see structureProblems) is walked.
  if (problems.length === 0 && BEYOND_LATIN1.test(text)) oneByteStrings(doc);
  return { doc, problems: problems.sort((a, b) => a.offset - b.offset) };
}
