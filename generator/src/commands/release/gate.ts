/**
 * The release check (`flowspec release --check`, part of `npm test`): the working spec against
 * the last release in the record. It fails when the spec changed and `specVersion` was not raised
 * by at least what the changes need — by the rules (diff/classify.ts) or by the evidence (an
 * example of the last release the new validator rejects needs a major) — or when a published
 * package's version is not `specVersion`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Diagnostic } from "../../base/diagnostics.js";
import { minimumVersion, parseVersion, compareVersions, versionText, type Bump } from "../../diff/bump.js";
import { LEVELS } from "../../diff/levels.js";
import { diffSpecs, type SpecDiff } from "../../diff/diff-specs.js";
import type { SpecIR } from "../../ir/model.js";
import type { PackageIdentity } from "../../emit/package-identity.js";
import { loadIr } from "../../ir/load-ir.js";
import { toPosix } from "../../load/spec-folder.js";
import { checkCorpusFiles, type CorpusEvidence } from "./corpus-gate.js";
import { checkReleasedExamples, type Evidence } from "./evidence.js";
import { readReleasedExamples, specExamples } from "../../release-record/examples.js";
import { loadLastRelease, type LastRelease } from "../../release-record/pending.js";
import { releasePaths, type ReleasePaths } from "../../release-record/record.js";

export interface ReleaseCheckOptions {
  readonly specDir?: string;
  readonly outDir?: string;
  readonly releaseDir?: string;
  readonly displayRoot?: string;
  /** Consumers' recorded requests (files or folders) for the corpus gate. */
  readonly corpus?: readonly string[];
  /** Another project's package names and repository (`flowspec.config.*`). */
  readonly identity?: PackageIdentity;
}

/** A published package whose version is not the spec's. */
export interface VersionProblem {
  readonly folder: string;
  readonly version: string | undefined;
  /** Generated packages take the version from generate; the others are set by hand or by `flowspec release`. */
  readonly generated: boolean;
}

export interface ReleaseState {
  readonly ir: SpecIR;
  readonly last: LastRelease;
  readonly paths: ReleasePaths;
  readonly diff: SpecDiff;
  readonly evidence: Evidence;
  /** The consumers' corpus through both validators, when `--corpus` names one. */
  readonly corpus?: CorpusEvidence;
  /** The larger of the rules' bump and the evidence's (major when an example or a corpus request is rejected). */
  readonly bump: Bump;
  /** The smallest version the working spec may have. */
  readonly minimum: string;
}

export type StateResult = { readonly state: ReleaseState } | { readonly diagnostics: readonly Diagnostic[] } | { readonly problem: string };

function largerBump(a: Bump, b: Bump): Bump {
  const rank = (x: Bump) => (x === "none" ? -1 : LEVELS.indexOf(x));
  return rank(a) >= rank(b) ? a : b;
}

/** Everything the check and `flowspec release` decide from: the two specs, their diff and the evidence. */
export async function releaseState(options: ReleaseCheckOptions): Promise<StateResult> {
  const paths = releasePaths(options.specDir ?? "spec", options.releaseDir);
  const display = options.displayRoot !== undefined ? { displayRoot: options.displayRoot } : {};
  const { ir, diagnostics } = loadIr({ ...display, ...(options.specDir !== undefined && { specDir: options.specDir }) });
  if (!ir) return { diagnostics };
  const loaded = loadLastRelease(paths, options.displayRoot);
  if ("absent" in loaded) return { problem: `no release record at ${toPosix(relative(process.cwd(), paths.record))}; \`flowspec release\` writes the first one` };
  if ("diagnostics" in loaded) return { diagnostics: loaded.diagnostics };
  const last = loaded.last;
  const released = readReleasedExamples(paths.examples);
  if ("problem" in released) return { problem: released.problem };
  const diff = diffSpecs(last.ir, ir);
  const evidence = await checkReleasedExamples(last.ir, [...specExamples(last.ir), ...released.examples], ir);
  const corpus = options.corpus === undefined ? undefined : await checkCorpusFiles(last.ir, ir, diff.changes, options.corpus);
  if (typeof corpus === "string") return { problem: corpus };
  const rejected = evidence.rejected.length > 0 || (corpus?.flips.some((f) => f.now === "fails") ?? false);
  const bump = largerBump(diff.bump, rejected ? "major" : "none");
  const minimum = versionText(minimumVersion(parseVersion(last.latest.version)!, bump));
  return { state: { ir, last, paths, diff, evidence, ...(corpus && { corpus }), bump, minimum } };
}

/** True when the working spec's version is at least the minimum (and not below the last release). */
export function versionSufficient(state: ReleaseState): boolean {
  const version = parseVersion(state.ir.version);
  return version !== undefined && compareVersions(version, parseVersion(state.minimum)!) >= 0;
}

/** Every published package whose package.json does not say `specVersion`. */
export function versionProblems(state: ReleaseState, outDir: string): VersionProblem[] {
  const out = resolve(outDir);
  return state.last.record.packages.flatMap((folder) => {
    const full = join(state.paths.root, folder);
    const manifest = join(full, "package.json");
    const version = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version : undefined;
    const generated = !relative(out, full).startsWith("..");
    return version === state.ir.version ? [] : [{ folder, version, generated }];
  });
}
