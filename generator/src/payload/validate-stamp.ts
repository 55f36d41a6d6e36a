/**
 * What `flowspec generate` leaves beside the generated validator for `flowspec validate`: the table
 * of every `--as` name (targets.ts) and a digest of the spec files it was generated from. With it the
 * command checks a payload without loading the spec, which costs most of a second: it hashes the
 * spec's files (their bytes, never parsed) and uses the table when the digest matches. A stamp that
 * is missing, unreadable, of another format or of another spec sends the command the long way,
 * through the spec. The file is not in the package's `files`, so npm does not publish it.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { listSpecFolder } from "../load/spec-folder.js";
import type { TargetTable } from "./targets.js";

/** Relative to the output folder. */
export const STAMP_PATH = "validator/validate-targets.json";
/** Raised when the stamp's shape changes, so an older generator's stamp is not misread. */
const STAMP_FORMAT = 2;

export interface ValidateStamp extends TargetTable {
  readonly format: number;
  readonly specVersion: string;
  readonly specDigest: string;
}

/**
 * SHA-256 over every spec file's path and bytes, in the order the loader reads them; line ends are
 * normalized, so a checkout with CRLF line ends has the digest of the committed stamp.
 */
export function specDigest(specDir: string): string | undefined {
  if (!existsSync(specDir)) return undefined;
  const folder = listSpecFolder(specDir, specDir);
  if (folder.diagnostics.length > 0) return undefined;
  const hash = createHash("sha256");
  for (const name of folder.names) hash.update(`${name}\0${readFileSync(join(specDir, name), "latin1").replaceAll("\r\n", "\n")}\0`, "latin1");
  return `sha256:${hash.digest("hex")}`;
}

export function stampContents(table: TargetTable, specVersion: string, digest: string): string {
  const stamp: ValidateStamp = { format: STAMP_FORMAT, specVersion, specDigest: digest, ...table };
  return `${JSON.stringify(stamp, null, 2)}\n`;
}

/** The stamp in `outDir` when it was generated from the spec in `specDir` as it is now. */
export function freshStamp(outDir: string, specDir: string): ValidateStamp | undefined {
  let stamp: Partial<ValidateStamp>;
  try {
    stamp = JSON.parse(readFileSync(resolve(outDir, STAMP_PATH), "utf8")) as Partial<ValidateStamp>;
  } catch {
    return undefined;
  }
  if (stamp.format !== STAMP_FORMAT || typeof stamp.specVersion !== "string" || !Array.isArray(stamp.operations) || !isTargets(stamp.targets)) return undefined;
  return stamp.specDigest === specDigest(specDir) ? (stamp as ValidateStamp) : undefined;
}

/** A stamp edited by hand or cut short is passed over, never trusted. */
function isTargets(value: unknown): value is TargetTable["targets"] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (t: Partial<Record<string, unknown>>) =>
      typeof t === "object" && t !== null && typeof t.stem === "string" && typeof t.acceptsForm === "boolean" && typeof t.formRecord === "string" && Array.isArray(t.constants) && t.constants.every((c) => Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === "string")),
  );
}
