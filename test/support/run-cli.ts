/**
 * The `flowspec` command run in process through `main(argv)`, as a project folder would run it:
 * relative paths and the diagnostics' paths are those of `cwd`.
 */
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
