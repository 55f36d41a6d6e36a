/**
 * The generated pages pass markdownlint with the repository's own settings
 * (`.markdownlint-cli2.jsonc`, the file `markdownlint-cli2` reads in `npm test`), and those
 * settings really catch the mistakes the generator could make.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import jsoncParse from "markdownlint-cli2/parsers/jsonc";
import { lint } from "markdownlint-cli2/markdownlint/promise";
import { describe, expect, it } from "vitest";
import { MINIMAL_SPEC, REPO_ROOT } from "../support/paths.js";
import { referenceOutput } from "../support/reference-output.js";

const settings = jsoncParse(readFileSync(join(REPO_ROOT, ".markdownlint-cli2.jsonc"), "utf8")) as { config: Record<string, unknown> };

async function problems(strings: Record<string, string>): Promise<string[]> {
  const results = await lint({ strings, config: settings.config });
  return Object.entries(results).flatMap(([file, errors]) =>
    errors.map((e) => `${file}:${e.lineNumber} ${e.ruleNames.join("/")} ${e.ruleDescription}${e.errorDetail ? ` [${e.errorDetail}]` : ""}`),
  );
}

describe("markdownlint", () => {
  it("passes on every page generated from the real spec", async () => {
    const { pages } = referenceOutput();
    expect(await problems(Object.fromEntries(pages))).toEqual([]);
  });

  it("passes on every page generated from the minimal spec", async () => {
    const { pages } = referenceOutput(MINIMAL_SPEC);
    expect(await problems(Object.fromEntries(pages))).toEqual([]);
  });

  it("fails on the mistakes it is configured to catch", async () => {
    const bad = [
      "<!-- header -->",
      "",
      "# Title",
      "",
      "| a | b |",
      "| --- | --- |",
      "|  x  | y |",
      "",
      "<div>raw html</div>",
      "",
      "* a star bullet",
      "",
      "[broken](#nowhere)",
      "",
      "```",
      "no language",
      "```",
      "",
    ].join("\n");
    const rules = (await problems({ "bad.md": bad })).map((p) => p.split(" ")[1]!.split("/")[0]);
    expect(new Set(rules)).toEqual(new Set(["MD060", "MD033", "MD004", "MD051", "MD040"]));
  });

  it("allows what the reference relies on: anchors, repeated headings under different parents, long lines", async () => {
    const good = [
      "<!-- header -->",
      "",
      "# Title",
      "",
      '<a id="one"></a>',
      "",
      "## One",
      "",
      "### Example",
      "",
      "## Two",
      "",
      "### Example",
      "",
      `${"A long line of prose. ".repeat(20)}[back](#one)`,
      "",
    ].join("\n");
    expect(await problems({ "good.md": good })).toEqual([]);
  });
});
