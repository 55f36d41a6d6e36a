/**
 * What `flowspec release --check` prints: the changes since the last release, the examples the new
 * validator rejects, the package versions, and the verdict with the smallest acceptable version.
 */
import { changeLines } from "../../diff/format-diff.js";
import type { CorpusEvidence } from "./corpus-gate.js";
import type { Evidence } from "./evidence.js";
import { versionSufficient, type ReleaseState, type VersionProblem } from "./gate.js";

function evidenceLines(evidence: Evidence, version: string): string[] {
  const unchecked = evidence.unchecked.length > 0 ? ` (not validated, in either spec: ${evidence.unchecked.join(", ")})` : "";
  const head = `examples of ${version}: ${evidence.checked} run through the new validator, ${evidence.rejected.length} rejected${unchecked}`;
  return [head, ...evidence.rejected.map((r) => `  rejected: ${r.source} (${r.type}): ${r.reason}`)];
}

/** Flipped requests listed before "… and N more". */
const SHOWN_FLIPS = 20;

function corpusLines(corpus: CorpusEvidence): string[] {
  const failing = corpus.flips.filter((f) => f.now === "fails");
  const passing = corpus.flips.length - failing.length;
  const head = `your corpus: ${corpus.requests} request(s) through the last release's validator and the new one (${corpus.outside} of other endpoints): ${failing.length} now fail, ${passing} now pass`;
  const places = [...new Set(failing.map((f) => f.at || "/"))];
  const verdict = failing.length > 0 ? [`  major for you: ${failing.length} of your ${corpus.requests} requests now fail at ${places.slice(0, 3).join(", ")}${places.length > 3 ? ", …" : ""}`] : [];
  const flips = corpus.flips.slice(0, SHOWN_FLIPS).map((f) => `  ${f.source} ${f.operation} now ${f.now} at ${f.at || "/"}${f.now === "fails" ? `: ${f.message}` : ""} ← ${f.change ? changeLines({ changes: [f.change] })[0]!.replace(/ {2,}/, " ") : "no change of the diff is at that place"}`);
  const more = corpus.flips.length > SHOWN_FLIPS ? [`  … and ${corpus.flips.length - SHOWN_FLIPS} more`] : [];
  return [head, ...verdict, ...flips, ...more];
}

function versionLines(problems: readonly VersionProblem[], lockDrift: readonly string[], version: string): string[] {
  const lock = lockDrift.length === 0 ? [] : [`  package-lock.json is not in step with the package.json of ${lockDrift.join(", ")}: run \`npm install\` (flowspec release keeps it in step)`];
  if (problems.length === 0) return lock.length === 0 ? [`package versions: all ${version}`] : [`package versions: all ${version}, not in package-lock.json`, ...lock];
  return [
    `package versions: ${problems.length} not ${version}`,
    ...problems.map((p) => {
      const fix = p.generated ? "run `flowspec generate`" : `set "version": "${version}" (flowspec release does)`;
      return `  ${p.folder}/package.json says ${p.version ?? "nothing"}: ${fix}`;
    }),
    ...lock,
  ];
}

function needLine(state: ReleaseState): string {
  const rules = `the rules: ${state.diff.bump}`;
  const evidence = `the examples: ${state.evidence.rejected.length > 0 ? "major" : "none"}`;
  const corpus = state.corpus ? `; your corpus: ${state.corpus.flips.some((f) => f.now === "fails") ? "major" : "none"}` : "";
  return `needed: ${state.bump} (${rules}; ${evidence}${corpus}) → at least ${state.minimum}`;
}

/** The report and whether the check passes. */
export function checkReport(state: ReleaseState, problems: readonly VersionProblem[], lockDrift: readonly string[]): { readonly ok: boolean; readonly lines: string[] } {
  const last = state.last.latest.version;
  const changes = changeLines(state.diff);
  const lines = [
    `last release: ${last} (release/releases.json); spec: ${state.ir.version}`,
    changes.length === 0 ? `changes since ${last}: none` : `changes since ${last}: ${changes.length}`,
    ...changes.map((line) => `  ${line}`),
    ...evidenceLines(state.evidence, last),
    ...(state.corpus ? corpusLines(state.corpus) : []),
    ...versionLines(problems, lockDrift, state.ir.version),
    needLine(state),
  ];
  const sufficient = versionSufficient(state);
  if (!sufficient) {
    lines.push(
      `error: specVersion ${state.ir.version} is not enough: the smallest acceptable version is ${state.minimum} (${state.bump === "none" ? "never below" : `a ${state.bump} bump from`} ${last}). Set \`specVersion: ${state.minimum}\` in spec/flowspec.yaml and run \`flowspec generate\`, or run \`flowspec release\`, which bumps, regenerates, records and packs.`,
    );
  } else if (problems.length > 0) {
    lines.push(`error: every published package must have the spec's version, ${state.ir.version}.`);
  } else if (lockDrift.length > 0) {
    lines.push("error: package-lock.json must record the published packages as their package.json files do; run `npm install`.");
  } else {
    lines.push(state.bump === "none" && state.ir.version === last ? `ok: the spec is release ${last}` : `ok: specVersion ${state.ir.version} is at least ${state.minimum}`);
  }
  return { ok: sufficient && problems.length === 0 && lockDrift.length === 0, lines };
}
