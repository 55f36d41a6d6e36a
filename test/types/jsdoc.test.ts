/**
 * Doc comments: prose wrapped at 100 columns (less the indent), words one space apart, a link's
 * extra `../` not counted, fenced code and tags kept as written, `*` + `/` escaped.
 */
import { describe, expect, it } from "vitest";
import { renderDoc } from "../../generator/src/typescript/jsdoc.js";

const comment = (...lines: string[]) => `${lines.join("\n")}\n`;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("renderDoc", () => {
  it("keeps a line that fits as it is", () => {
    expect(renderDoc({ paragraphs: ["Fits on one line."] }, "")).toBe(comment("/**", " * Fits on one line.", " */"));
  });

  it("puts the words of a line one space apart, whether it fits or not", () => {
    expect(renderDoc({ paragraphs: ["  Two  spaces, and  blanks around "] }, "  ")).toBe(comment("  /**", "   * Two spaces, and blanks around", "   */"));
    // Twenty words of five characters: sixteen take 95 columns, seventeen 101.
    expect(renderDoc({ paragraphs: [`${words(10)}  ${words(10)}`] }, "")).toBe(
      comment("/**", ` * ${words(10)} ${words(6)}`, " * word6 word7 word8 word9", " */"),
    );
  });

  it("wraps at the width less the indent, each line of a paragraph on its own", () => {
    // words(15) takes 94 columns, words(16) 101: the width is 97 at no indent, 93 at four spaces.
    expect(renderDoc({ paragraphs: [`${words(16)}\nshort`] }, "")).toBe(comment("/**", ` * ${words(15)}`, " * word15", " * short", " */"));
    expect(renderDoc({ paragraphs: [words(15)] }, "    ")).toBe(comment("    /**", `     * ${words(14)}`, "     * word14", "     */"));
  });

  it("breaks a line with a deeper link where the shallower link breaks it", () => {
    // 66 columns of words, a space and a 30-column link: exactly the width, 97.
    const text = (base: string) => `${words(11)} [x](${base}reference/formats.md#x)`;
    const shallow = renderDoc({ paragraphs: [text("../")] }, "");
    expect(shallow).toBe(comment("/**", ` * ${text("../")}`, " */"));
    expect(renderDoc({ paragraphs: [text("../../")] }, "")).toBe(shallow.replace("](../", "](../../"));
  });

  it("keeps fenced code and tags as written and escapes the end of a comment", () => {
    const fenced = "```json\n{  \"a\": 1 }\n```";
    expect(renderDoc({ paragraphs: ["a */ b", fenced], tags: ["@see x */ y"] }, "")).toBe(
      comment("/**", " * a *\\/ b", " *", " * ```json", ' * {  "a": 1 }', " * ```", " *", " * @see x *\\/ y", " */"),
    );
  });
});
