// markdownlint-cli2 re-exports markdownlint (so no second copy is needed) but ships no types for
// these two entry points; they are markdownlint's own API and a JSONC parser.
declare module "markdownlint-cli2/markdownlint/promise" {
  export * from "markdownlint/promise";
}

declare module "markdownlint-cli2/parsers/jsonc" {
  const parse: (text: string) => unknown;
  export default parse;
}
