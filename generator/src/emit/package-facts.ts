/**
 * The facts every published package states — license, repository, homepage, issue tracker,
 * keywords, supported Node versions — in one place. `packageJson()` writes them into the four
 * generated package.json files, `release/` writes `LICENSE` into each package, and a test holds
 * `generator/package.json` and the root `LICENSE` to the same facts.
 */

const LICENSE_ID = "MIT";

const REPOSITORY_URL = "https://github.com/flowspec/flowspec";

/** The MIT license (as ajv, json-schema-to-typescript and openapi-typescript use it), word for word. */
export const LICENSE_TEXT = `MIT License

Copyright (c) 2026 the flowspec authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

const COMMON_KEYWORDS = ["flowspec", "flows", "identity", "api"];

/** Each package's own keywords, after the common ones. */
const KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  "@flowspec/generator": ["generator", "codegen", "yaml", "json-schema", "typescript"],
  "@flowspec/types": ["typescript", "types", "discriminated-union"],
  "@flowspec/validator": ["validator", "validation", "standard-schema", "csp"],
  "@flowspec/schema": ["json-schema", "openapi"],
  "@flowspec/reference": ["documentation", "markdown", "reference"],
  "@flowspec/fixtures": ["testing", "fixtures", "fast-check", "msw"],
};

/** The Node versions each package is tested on (the generator needs 20.19 for its own tooling; the fixtures' ES module imports JSON with `with { type: "json" }`, from 20.10). */
const NODE_ENGINES: Readonly<Record<string, string>> = { "@flowspec/generator": ">=20.19", "@flowspec/fixtures": ">=20.10" };

/** The package's folder in the repository: `generator` or `packages/<name>`. */
function packageDirectory(name: string): string {
  const short = name.replace(/^@flowspec\//, "");
  return short === "generator" ? "generator" : `packages/${short}`;
}

/** The fields every published package.json carries, for the package named `name`. */
export function packageFacts(name: string): Record<string, unknown> {
  return {
    license: LICENSE_ID,
    repository: { type: "git", url: `git+${REPOSITORY_URL}.git`, directory: packageDirectory(name) },
    homepage: `${REPOSITORY_URL}/tree/main/${packageDirectory(name)}#readme`,
    bugs: { url: `${REPOSITORY_URL}/issues` },
    keywords: [...COMMON_KEYWORDS, ...(KEYWORDS[name] ?? [])],
    engines: { node: NODE_ENGINES[name] ?? ">=20" },
  };
}

/** Files every package ships besides its own: the changelog and the license. */
export const RELEASE_FILES = ["CHANGELOG.md", "LICENSE"] as const;
