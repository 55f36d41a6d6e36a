/**
 * A small reading of Markdown for the tests, written independently of the generator's helpers:
 * the anchors a page offers on GitHub (explicit `<a id>` tags and heading ids), the links it
 * makes, and the JSON examples it shows. Fenced code and code spans are skipped, as GitHub does.
 */

/** Lines outside fenced code blocks, with their line numbers. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((text, i) => {
    const marker = /^(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === undefined && marker) fence = marker;
    else if (fence !== undefined && marker && text.trim() === fence) fence = undefined;
    else if (fence === undefined) out.push({ text, line: i + 1 });
  });
  return out;
}

function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, "");
}

/** The text GitHub shows for a heading's inline Markdown. */
function headingText(inline: string): string {
  return inline
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`+/g, "")
    .trim();
}

/** GitHub's heading id: lower case, drop punctuation except `-` and `_`, spaces to `-`. */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

export interface Anchors {
  readonly ids: ReadonlySet<string>;
  /** Ids that occur more than once on the page. */
  readonly duplicates: readonly string[];
}

export function anchorsOf(markdown: string): Anchors {
  const all: string[] = [];
  const headingCounts = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    for (const m of text.matchAll(/<a id="([^"]+)"><\/a>/g)) all.push(m[1]!);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const base = githubSlug(headingText(heading[1]!));
    const seen = headingCounts.get(base) ?? 0;
    headingCounts.set(base, seen + 1);
    all.push(seen === 0 ? base : `${base}-${seen}`);
  }
  const duplicates = all.filter((id, i) => all.indexOf(id) !== i);
  return { ids: new Set(all), duplicates };
}

export interface LinkRef {
  readonly target: string;
  readonly line: number;
}

export function linksOf(markdown: string): LinkRef[] {
  return proseLines(markdown).flatMap(({ text, line }) =>
    [...withoutCodeSpans(text).matchAll(/\]\(([^()\s]*)\)/g)].map((m) => ({ target: m[1]!, line })),
  );
}

export interface MarkedExample {
  /** The type named by the `<!-- flowspec-example: Name -->` marker. */
  readonly typeName: string;
  readonly value: unknown;
  readonly line: number;
}

/** Every JSON block preceded by an example marker. */
export function examplesOf(markdown: string): MarkedExample[] {
  const pattern = /<!-- flowspec-example: (\w+) -->\n```json\n([\s\S]*?)\n```/g;
  return [...markdown.matchAll(pattern)].map((m) => ({
    typeName: m[1]!,
    value: JSON.parse(m[2]!),
    line: markdown.slice(0, m.index).split("\n").length,
  }));
}

/** The body of the section that starts at explicit anchor `id`, up to the next heading of its level. */
export function sectionAt(markdown: string, id: string): string | undefined {
  const start = markdown.indexOf(`<a id="${id}"></a>`);
  if (start < 0) return undefined;
  const rest = markdown.slice(start);
  const level = /\n(#{1,6}) /.exec(rest)?.[1]?.length ?? 2;
  const next = new RegExp(`\\n(<a id="[^"]+"></a>\\n\\n)?#{1,${level}} `, "g");
  next.lastIndex = rest.indexOf("\n#") + 2;
  const end = next.exec(rest)?.index ?? rest.length;
  return rest.slice(0, end);
}
