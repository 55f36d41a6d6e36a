/** `flowspec help release`: the usage text, apart from the entry and the run so that neither imports the other. */
export const RELEASE_USAGE = `usage: flowspec release --check [--corpus DIR|FILE …] [--spec DIR] [--out DIR] [--release-dir DIR]
       flowspec release [--version X.Y.Z] [--date YYYY-MM-DD] [--notes TEXT] [--pack-dir DIR | --no-pack] [--spec DIR] [--out DIR] [--release-dir DIR]

  compares the spec with the last release in the release record (release/releases.json and
  release/spec/): every change with its level per package, and the last release's examples (its
  spec's and its reference's) run through the validator the spec generates now

  --check            write nothing; exit 1 when specVersion is below the smallest acceptable version
                     (the rules' bump, or major when an example is rejected), a published package's
                     version is not specVersion, or package-lock.json is not in step with the
                     packages; the message lists the changes, that version and what to run
  (no --check)       release: bump specVersion and the hand-written packages' versions to the
                     smallest acceptable one (or --version), record the release, regenerate (every
                     CHANGELOG.md gets its section), move package-lock.json's entries of the
                     packages with them, and npm pack every package into --pack-dir
  --corpus PATH      with --check: your recorded requests (HAR, NDJSON, or a folder of them, as
                     flowspec conformance reads them) through the last release's validator and the
                     new one; names each request whose verdict flips, where, and the change that flips
                     it; a request that now fails makes the release major (repeat for more paths)
  --version X.Y.Z    release this version (at least the smallest acceptable one)
  --date YYYY-MM-DD  the release date (default: today, UTC)
  --notes TEXT       a paragraph under the release's heading in every changelog
  --pack-dir DIR     where the tarballs go (default: packs)
  --no-pack          record and regenerate, but do not pack
  --spec DIR         the spec folder (default: spec)
  --out DIR          the generated packages (default: packages)
  --release-dir DIR  the release record (default: release, beside the spec folder)
  (flowspec.config.json or .yaml sets these folders and the packages' names, as for generate)`;
