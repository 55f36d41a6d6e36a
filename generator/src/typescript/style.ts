/**
 * The layout the types printer writes. The printer produces text that prettier, run with exactly
 * these options, leaves unchanged (test/types checks it), so the generator gets prettier's layout
 * without paying for prettier on every run: loading and running it costs about a second, a third
 * of the budget of `npm run generate`.
 */

/** The pinned prettier options the output is checked against. */
export const PRETTIER_OPTIONS = {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
} as const;

const PRINT_WIDTH = PRETTIER_OPTIONS.printWidth;
export const INDENT = " ".repeat(PRETTIER_OPTIONS.tabWidth);

/** Code points whose glyph takes two columns (East Asian wide and fullwidth forms, most emoji). */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
const ZERO_WIDTH = /[\u0300-\u036f\u200b-\u200f\ufe00-\ufe0f]/u;

/** A code unit from which a character may take other than one column (ZERO_WIDTH's first, before WIDE's and the surrogates). */
const NOT_ONE_COLUMN = /[^\u0000-\u02ff]/;

/** The columns a line takes, counted the way prettier counts them. */
function textWidth(text: string): number {
  // Nearly every line holds only characters of one column each: spare them the walk character by character.
  if (!NOT_ONE_COLUMN.test(text)) return text.length;
  let width = 0;
  for (const char of text) width += ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
  return width;
}

export function fits(line: string): boolean {
  return textWidth(line) <= PRINT_WIDTH;
}

/** A string literal, quoted as prettier quotes it: double quotes unless that needs more escapes. */
export function quoteString(value: string): string {
  const json = JSON.stringify(value);
  // No double quote: none to escape, so double quotes it is (the common case, spared the counting).
  if (!value.includes('"')) return json;
  const doubles = value.split('"').length - 1;
  const singles = value.split("'").length - 1;
  if (doubles <= singles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key: bare when it is an identifier, quoted otherwise (prettier's `as-needed`). */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : quoteString(name);
}
