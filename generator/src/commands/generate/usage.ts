/** `flowspec help generate`: the usage text, apart from the entry and the run so that neither imports the other. */
export const GENERATE_USAGE = `usage: flowspec generate [--spec DIR] [--out DIR] [--check [--diff] | --watch]

  --spec DIR   the spec folder (default: spec)
  --out DIR    where the generated packages go (default: packages)
  --check      write nothing; list every stale, missing and orphan file; exit 1 on any drift
  --diff       with --check: show each drifted file as a unified diff (disk → generated)
  --watch      regenerate after every change to the spec or the release record; a spec with
               problems prints them, writes nothing and the watch goes on (Ctrl-C stops it)

  flowspec.config.json or .yaml in the working directory may set spec, out, releaseDir, and the
  packages' npm names (scope, names) and repository; a flag wins over the file`;
