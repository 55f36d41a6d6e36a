/**
 * How a payload file is read: by `--content-type`, else by its extension; standard input is JSON
 * unless told otherwise. Kept apart from the parsers so the command's usage text costs no import.
 */
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE } from "../spec-language/media-types.js";

export type PayloadKind = "json" | "yaml" | "form";

const CONTENT_TYPES: Readonly<Record<string, PayloadKind>> = {
  [JSON_MEDIA_TYPE]: "json",
  json: "json",
  "application/yaml": "yaml",
  "application/x-yaml": "yaml",
  "text/yaml": "yaml",
  yaml: "yaml",
  [FORM_MEDIA_TYPE]: "form",
  form: "form",
};

const EXTENSIONS: Readonly<Record<string, PayloadKind>> = { ".json": "json", ".yaml": "yaml", ".yml": "yaml", ".form": "form" };

export const KNOWN_CONTENT_TYPES = Object.keys(CONTENT_TYPES).filter((t) => t.includes("/"));
export const KNOWN_EXTENSIONS = Object.keys(EXTENSIONS);

/** The kind named by a `--content-type` value (parameters such as `charset` are ignored). */
export function kindOfContentType(contentType: string): PayloadKind | undefined {
  return CONTENT_TYPES[contentType.split(";")[0]!.trim().toLowerCase()];
}

/** The kind of a file by its extension; standard input counts as JSON until its text is read (inputs.ts). */
export function kindOfFile(file: string): PayloadKind | undefined {
  if (file === "-") return "json";
  const dot = file.lastIndexOf(".");
  return dot < 0 ? undefined : EXTENSIONS[file.slice(dot).toLowerCase()];
}
