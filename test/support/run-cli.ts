/**
 * The `flowspec` command run in process through `main(argv)`, as a project folder would run it:
 * relative paths and the diagnostics' paths are those of `cwd`.
 */
import { main } from "../../generator/src/cli.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCli(argv: readonly string[], cwd: string): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const code = await main(argv, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
    return { code, stdout, stderr };
  } finally {
    process.chdir(before);
  }
}
