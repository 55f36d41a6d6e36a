/** `flowspec help diff`: the usage text, apart from the entry and the run so that neither imports the other. */
export const DIFF_USAGE = `usage: flowspec diff <old-spec-dir> [<new-spec-dir>]

  compares two spec folders (the new one defaults to spec), prints each change as major, minor or
  patch (with each package's level where they differ), and exits 1 when the new specVersion is
  not bumped enough (or a spec has problems); \`flowspec release --check\` compares with the last release`;
