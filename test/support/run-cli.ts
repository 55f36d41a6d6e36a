/**
 * The `flowspec` command run in process through `main(argv)`, as a project folder would run it:
 * relative paths and the diagnostics' paths are those of `cwd`.
 *
 * esbuild is loaded here, before any change of directory: it keeps the working directory it was
 * first loaded in as the one for every esbuild process it starts. Loaded first by a command that
 * runs in a temporary project (the pipeline loads it lazily), it would start its processes in that
 * folder after the test removed it (ENOENT), failing whichever later file of the worker bundles.
 */
import "esbuild";
import { main } from "../../generator/src/commands/main.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `stdin`, when given, is what the command reads from standard input (`-`). */
export async function runCli(argv: readonly string[], cwd: string, stdin?: string): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const io = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text) };
    const code = await main(argv, stdin === undefined ? io : { ...io, stdin: async () => stdin });
    return { code, stdout, stderr };
  } finally {
    process.chdir(before);
  }
}
