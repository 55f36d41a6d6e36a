/**
 * `flowspec release [--check] …`: the release check that `npm test` runs, and the release itself
 * (release.ts). The pipeline is imported when the command runs, so `flowspec --help` does not
 * load it.
 */
import { parseArgs } from "node:util";
import type { CliIo } from "../command.js";
import { RELEASE_USAGE } from "./usage.js";
import { formatDiagnostic } from "../../base/diagnostics.js";
import { parseVersion } from "../../diff/bump.js";
import type { ReleaseCheckOptions } from "./gate.js";

async function check(options: ReleaseCheckOptions, io: CliIo): Promise<number> {
  const { releaseState, versionProblems } = await import("./gate.js");
  const { checkReport } = await import("./gate-report.js");
  const { lockfileDrift } = await import("./lockfile.js");
  const loaded = await releaseState(options);
  if ("diagnostics" in loaded) {
    for (const d of loaded.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    io.stderr(`${loaded.diagnostics.length} problem(s); nothing was compared.\n`);
    return 1;
  }
  if ("problem" in loaded) {
    io.stderr(`flowspec release --check: ${loaded.problem}\n`);
    return 1;
  }
  const { state } = loaded;
  const report = checkReport(state, versionProblems(state, options.outDir ?? "packages"), lockfileDrift(state.paths.root, state.last.record.packages));
  const text = `${report.lines.join("\n")}\n`;
  if (report.ok) io.stdout(text);
  else io.stderr(text);
  return report.ok ? 0 : 1;
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        check: { type: "boolean" },
        corpus: { type: "string", multiple: true },
        spec: { type: "string" },
        out: { type: "string" },
        "release-dir": { type: "string" },
        version: { type: "string" },
        date: { type: "string" },
        notes: { type: "string" },
        "pack-dir": { type: "string" },
        "no-pack": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    io.stderr(`flowspec release: ${(error as Error).message}\n${RELEASE_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(`${RELEASE_USAGE}\n`);
    return 0;
  }
  if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
    io.stderr(`flowspec release: --date ${values.date}: use YYYY-MM-DD\n`);
    return 2;
  }
  if (values.version !== undefined && parseVersion(values.version) === undefined) {
    io.stderr(`flowspec release: --version ${values.version}: use a semantic version, X.Y.Z\n`);
    return 2;
  }
  const releaseOnly = ["version", "date", "notes", "pack-dir", "no-pack"] as const;
  const misplaced = releaseOnly.filter((name) => values[name] !== undefined);
  if (!values.check && values.corpus !== undefined) {
    io.stderr(`flowspec release: --corpus goes with --check\n${RELEASE_USAGE}\n`);
    return 2;
  }
  if (values.check && misplaced.length > 0) {
    io.stderr(`flowspec release: --check writes nothing; ${misplaced.map((n) => `--${n}`).join(", ")} go with a release\n${RELEASE_USAGE}\n`);
    return 2;
  }
  const { readProjectConfig } = await import("../project-config.js");
  const config = readProjectConfig();
  if (typeof config === "string") {
    io.stderr(`flowspec release: ${config}\n`);
    return 2;
  }
  const specDir = values.spec ?? config.spec;
  const outDir = values.out ?? config.out;
  const releaseDir = values["release-dir"] ?? config.releaseDir;
  const options = {
    ...(specDir !== undefined && { specDir }),
    ...(outDir !== undefined && { outDir }),
    ...(releaseDir !== undefined && { releaseDir }),
    ...(config.identity !== undefined && { identity: config.identity }),
  };
  if (values.check) return check({ ...options, ...(values.corpus !== undefined && { corpus: values.corpus }) }, io);
  const { runRelease } = await import("./release.js");
  return runRelease(
    {
      ...options,
      ...(values.version !== undefined && { version: values.version }),
      ...(values.date !== undefined && { date: values.date }),
      ...(values.notes !== undefined && { notes: values.notes }),
      ...(values["pack-dir"] !== undefined && { packDir: values["pack-dir"] }),
      pack: !values["no-pack"],
    },
    io,
  );
}
