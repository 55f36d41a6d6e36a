/**
 * The spec folder's layout: which file holds what, and the schema each kind of file must follow.
 */
import type { TSchema } from "@sinclair/typebox";
import { AUTHENTICATION_FILE } from "./authentication.js";
import {
  COMMON_FILE,
  DISAGREEMENTS_FILE,
  ERRORS_FILE,
  FORMATS_FILE,
  LIMITS_FILE,
  OPERATIONS_FILE,
  PROVIDER_FILE,
  RATE_LIMITS_FILE,
  RECORDS_FILE,
  ROOT_FILE,
} from "./files.js";

/** Each kind of spec file and the schema its data must follow. */
export const FILE_SCHEMAS = {
  root: ROOT_FILE,
  formats: FORMATS_FILE,
  records: RECORDS_FILE,
  common: COMMON_FILE,
  provider: PROVIDER_FILE,
  operations: OPERATIONS_FILE,
  authentication: AUTHENTICATION_FILE,
  errors: ERRORS_FILE,
  rateLimits: RATE_LIMITS_FILE,
  limits: LIMITS_FILE,
  disagreements: DISAGREEMENTS_FILE,
} as const satisfies Record<string, TSchema>;

export type FileKind = keyof typeof FILE_SCHEMAS;

/** Files that must exist, by path inside the spec folder. */
export const REQUIRED_FILES: Readonly<Record<string, FileKind>> = {
  "flowspec.yaml": "root",
  "formats.yaml": "formats",
  "flow-actions/_common.yaml": "common",
  "operations.yaml": "operations",
  "authentication.yaml": "authentication",
  "errors.yaml": "errors",
  "rate-limits.yaml": "rateLimits",
  "limits.yaml": "limits",
};

/** Files the spec may leave out, by path inside the spec folder. */
const OPTIONAL_FILES: Readonly<Record<string, FileKind>> = {
  "disagreements.yaml": "disagreements",
};

export function fileKind(name: string): FileKind | undefined {
  if (name in REQUIRED_FILES) return REQUIRED_FILES[name];
  if (name in OPTIONAL_FILES) return OPTIONAL_FILES[name];
  if (/^records\/[^/]+\.ya?ml$/.test(name)) return "records";
  if (/^flow-actions\/[a-z0-9-]+\.ya?ml$/.test(name)) return "provider";
  return undefined;
}
