/**
 * The format stage against the rule it pins, written as plain regular expressions: LF endings, no
 * blank at the end of a line (a line as `$` in a multiline expression reads it, U+2028 and U+2029
 * included), one final newline. The stage finds trailing blanks without the expression; these
 * inputs are where the two could part.
 */
import { describe, expect, it } from "vitest";
import { formatText } from "../../generator/src/write/format.js";

function byTheRule(text: string): string {
  return `${text.replace(/\r\n?/g, "\n").replace(/[ \t]+$/gm, "").replace(/\n+$/, "")}\n`;
}

const INPUTS = [
  "",
  "\n",
  "\n\n\n",
  "tidy\n",
  "no final newline",
  "two finals\n\n",
  "a space at the end ",
  "a tab at the end\t",
  "trailing \nblanks\t\t\nand  \t \nnone\n",
  " \n\t\n",
  "crlf \r\nand cr\t\rend\r\n",
  "blank before a line separator \u2028next\n",
  "blank before a paragraph separator\t\u2029next\n",
  "a separator with no blank\u2028next\n",
  "inner  spaces   stay\n  indented\n",
  "only the last line ends blank\nhere \n",
  "\u2013 two-byte text \u2026 \nwith a blank\n",
];

describe("formatText", () => {
  it.each(INPUTS.map((text) => [JSON.stringify(text), text] as const))("formats %s as the rule says", (_shown, text) => {
    expect(formatText(text)).toBe(byTheRule(text));
  });

  it("hands back a tidy text as it is", () => {
    const tidy = "export type A = string;\n";
    expect(formatText(tidy)).toBe(tidy);
  });
});
