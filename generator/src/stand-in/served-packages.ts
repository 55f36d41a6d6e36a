/**
 * What `serve` serves: the packages `flowspec generate` wrote, not the spec itself. The validator
 * answers every request as the shipped package does, and `schema/openapi.json` gives the routes and
 * the document served at `/openapi.json`. Loading the spec (about half a second) is left to
 * `generate`; serve only refuses packages whose version is not the spec's, so it starts fast.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { loadValidatorPackage, type ValidatorPackage } from "../payload/validator-module.js";

export interface OpenApiDocument {
  readonly info: { readonly version: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly servers?: readonly unknown[];
}

export interface ServedPackages {
  readonly validator: ValidatorPackage;
  readonly openApi: OpenApiDocument;
}

/** The `specVersion` of the spec folder's root file, when there is a spec folder. */
function specVersion(specDir: string): string | null | Error {
  const root = join(specDir, "flowspec.yaml");
  if (!existsSync(root)) return null;
  try {
    const version = (parse(readFileSync(root, "utf8")) as { specVersion?: unknown } | null)?.specVersion;
    return typeof version === "string" ? version : new Error(`${root} has no specVersion; run \`flowspec generate\` to see why`);
  } catch (error) {
    return new Error(`${root} cannot be read (${(error as Error).message.split("\n")[0]}); run \`flowspec generate\` to see why`);
  }
}

/** The validator and the OpenAPI document in `outDir`, or a sentence that says why they cannot be served. */
export async function loadServedPackages(outDir: string, specDir: string): Promise<ServedPackages | string> {
  const openApiFile = resolve(outDir, "schema", "openapi.json");
  let openApi: OpenApiDocument;
  try {
    openApi = JSON.parse(readFileSync(openApiFile, "utf8")) as OpenApiDocument;
  } catch {
    return `no OpenAPI document at ${openApiFile}; run \`flowspec generate\` first (or pass --out DIR)`;
  }
  const version = specVersion(specDir);
  if (version instanceof Error) return version.message;
  const expected = version ?? openApi.info.version;
  if (openApi.info.version !== expected) {
    return `the packages in ${outDir} were generated from spec ${openApi.info.version}, the spec is ${expected}; run \`flowspec generate\``;
  }
  const validator = await loadValidatorPackage(outDir, expected);
  return typeof validator === "string" ? validator : { validator, openApi };
}
