/**
 * The Markdown builders of the reference emitter, and the test-side reader the link tests rely
 * on (so a link test that passes means something).
 */
import { describe, expect, it } from "vitest";
import { cell, code, headingSlug, prose, table } from "../../generator/src/emit/markdown.js";
import { anchorsOf, examplesOf, githubSlug, linksOf, sectionAt } from "../support/markdown-model.js";

describe("markdown builders", () => {
  it("escapes `|` in cells, also inside code spans, and keeps a cell on one line", () => {
    expect(cell("a | b\nc")).toBe("a \\| b c");
    expect(cell("`x|y`")).toBe("`x\\|y`");
  });

  it("escapes `<` in prose but not in code spans, including spans with backticks inside", () => {
    expect(prose("Bearer <TOKEN> and `<id>`")).toBe("Bearer &lt;TOKEN> and `<id>`");
    expect(prose("chars ``a`<b`` then <c")).toBe("chars ``a`<b`` then &lt;c");
  });

  it("makes code spans that survive backticks", () => {
    expect(code("plain")).toBe("`plain`");
    expect(code("a`b")).toBe("`` a`b ``");
  });

  it("drops a column that is blank in every row, and writes blank cells as one space", () => {
    const text = table(["A", "B", "C"], [["1", "", "x"], ["2", "", ""]], true);
    expect(text).toBe("| A | C |\n| --- | --- |\n| 1 | x |\n| 2 | |");
  });

  it("slugs headings as GitHub does", () => {
    const cases: [string, string][] = [
      ["D1: The list of flow-action variants", "d1-the-list-of-flow-action-variants"],
      ["Obtain tokens (code exchange or WebAuthn grant)", "obtain-tokens-code-exchange-or-webauthn-grant"],
      ["Rule 6: Self service token flows", "rule-6-self-service-token-flows"],
      ["CreateFlowRequestContent", "createflowrequestcontent"],
      ["date-time", "date-time"],
      ["Types by action name", "types-by-action-name"],
    ];
    for (const [text, slug] of cases) {
      expect(headingSlug(text)).toBe(slug);
      expect(githubSlug(text)).toBe(slug);
    }
  });
});

describe("the test-side Markdown reader", () => {
  const page = [
    "# Title",
    "",
    '<a id="x-1"></a>',
    "",
    "## `flow-id`",
    "",
    "## Same",
    "",
    "## Same",
    "",
    "See [a](other.md#frag) and `[not](a-link.md)`.",
    "",
    "```json",
    "## not a heading [nor](link.md)",
    "```",
    "",
    "<!-- flowspec-example: Thing -->",
    "```json",
    '{ "a": 1 }',
    "```",
    "",
  ].join("\n");

  it("collects explicit anchors and heading ids, numbering repeated headings", () => {
    expect([...anchorsOf(page).ids].sort()).toEqual(["flow-id", "same", "same-1", "title", "x-1"]);
    expect(anchorsOf(page).duplicates).toEqual([]);
    expect(anchorsOf('<a id="title"></a>\n\n# Title').duplicates).toEqual(["title"]);
  });

  it("collects links outside code only", () => {
    expect(linksOf(page).map((l) => l.target)).toEqual(["other.md#frag"]);
  });

  it("finds marked examples and sections", () => {
    expect(examplesOf(page)).toEqual([{ typeName: "Thing", value: { a: 1 }, line: 17 }]);
    expect(sectionAt(page, "x-1")).toBe('<a id="x-1"></a>\n\n## `flow-id`\n');
    expect(sectionAt(page, "missing")).toBeUndefined();
  });
});
