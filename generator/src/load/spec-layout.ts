/**
 * The spec folder's layout: which file holds what, and the shape of each file's data once it has
 * passed the meta-schema (`check/meta-schema.ts`). Rules and the IR builder read these types.
 */
import type { SpecFile } from "./load-spec.js";

export type FileKind =
  | "root"
  | "formats"
  | "records"
  | "common"
  | "provider"
  | "operations"
  | "authentication"
  | "errors"
  | "rateLimits"
  | "limits"
  | "disagreements";

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
export const OPTIONAL_FILES: Readonly<Record<string, FileKind>> = {
  "disagreements.yaml": "disagreements",
};

export function fileKind(name: string): FileKind | undefined {
  if (name in REQUIRED_FILES) return REQUIRED_FILES[name];
  if (name in OPTIONAL_FILES) return OPTIONAL_FILES[name];
  if (/^records\/[^/]+\.ya?ml$/.test(name)) return "records";
  if (/^flow-actions\/[a-z0-9-]+\.ya?ml$/.test(name)) return "provider";
  return undefined;
}

// ---- The data of each file kind, as the meta-schema guarantees it ----

export interface RawSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  lifecycle?: string;
  properties?: Record<string, RawSchema>;
  required?: string[];
  additionalProperties?: boolean | RawSchema;
  items?: RawSchema;
  oneOf?: RawSchema[];
  anyOf?: RawSchema[];
  discriminator?: string;
  enum?: (string | number)[];
  const?: string | number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
  examples?: unknown[];
}

export interface RawRoot {
  specVersion: string;
  title: string;
  servers: Record<string, { url: string; description: string }>;
  interfaces: Record<
    string,
    { title: string; version: string; status?: string; server: string; basePath: string; audience?: string; description: string }
  >;
  lifecycle: { label: string; description: string }[];
}

export interface RawFormat {
  description: string;
  provenance: "published" | "observed";
  syntax: string;
  pattern?: string;
  builtin?: "rfc3339-date" | "rfc3339-date-time";
  examples: string[];
}

export interface RawCommon {
  common: { required: string[]; properties: Record<string, RawSchema> };
  records?: Record<string, RawSchema>;
}

export interface RawAction {
  action: string;
  description: string;
  lifecycle?: string;
  paramsOptional?: boolean;
  params?: RawSchema;
  example?: Record<string, unknown>;
}

export interface RawProvider {
  type: string;
  title: string;
  kind: string;
  placeholder?: string;
  description?: string;
  records?: Record<string, RawSchema>;
  actions: RawAction[];
}

export interface RawOperation {
  summary: string;
  description?: string;
  interface: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  server: string;
  path: string;
  lifecycle: string;
  scope?: string;
  pathParams?: Record<string, RawSchema>;
  headers?: Record<string, { value: string; required?: boolean }>;
  requestContentTypes?: string[];
  body?: string;
  query?: string;
  success: { status: number; contentType?: string; body?: string; description?: string };
  errors?: string[];
}

export interface RawSecurityScheme {
  interface: string;
  type: "http" | "oauth2";
  scheme?: string;
  bearerFormat?: string;
  flow?: string;
  tokenUrl?: string;
  audience?: string;
  tokenTypes?: string[];
  description: string;
}

export interface RawAuthRule {
  id: string;
  seed: number;
  kind: string;
  text: string;
  interface?: string;
  schemes?: string[];
  status?: number;
  error?: string;
  audience?: string;
  scopePattern?: string;
  flows?: { name: string; login: string; operations?: string[] }[];
  grant?: string;
  policies?: Record<string, string>;
  policy?: string;
  instead?: string;
  intersectionOf?: string[];
  recommendedFor?: string[];
  method?: string;
  sameFor?: string[];
}

export interface RawErrorRow {
  id: string;
  status: number;
  operation: string;
  condition: string;
  message: string;
  headers?: string[];
}

export interface RawRateLimits {
  status: number;
  headers: { name: string; type: "integer"; minimum?: number; meaning: string }[];
}

export interface RawLimit {
  id: string;
  title: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  note?: string;
  appliesTo: string[];
}

export interface RawDisagreement {
  id: string;
  area: string;
  published: string;
  sdks: string;
  impact: string;
  affects?: string[];
}

/** A file together with its typed data. */
export interface Typed<T> {
  readonly file: SpecFile;
  readonly data: T;
}

/** The spec's files, sorted by kind, each already valid against the meta-schema. */
export interface SpecSources {
  readonly root: Typed<RawRoot>;
  readonly formats: Typed<{ formats: Record<string, RawFormat> }>;
  readonly records: readonly Typed<{ records: Record<string, RawSchema> }>[];
  readonly common: Typed<RawCommon>;
  readonly providers: readonly Typed<RawProvider>[];
  readonly operations: Typed<{ operations: Record<string, RawOperation> }>;
  readonly authentication: Typed<{ securitySchemes: Record<string, RawSecurityScheme>; rules: RawAuthRule[] }>;
  readonly errors: Typed<{ errors: RawErrorRow[] }>;
  readonly rateLimits: Typed<{ rateLimits: RawRateLimits }>;
  readonly limits: Typed<{ limits: RawLimit[] }>;
  /** Absent when the spec has no `disagreements.yaml`. */
  readonly disagreements?: Typed<{ disagreements: RawDisagreement[] }>;
}
