/**
 * Type-checks values against types of `@flowspec/types` with the project's own `tsc`: writes a
 * small TypeScript file that assigns each value to a constant of its type, in a temporary folder
 * whose tsconfig maps `@flowspec/types` to the generated package, and compiles it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "./reference-output.ts";

export interface TypedValue {
  readonly typeName: string;
  readonly value: unknown;
}

export interface TypeCheckResult {
  readonly ok: boolean;
  /** tsc's diagnostics, one per line. */
  readonly output: string;
}

function source(values: readonly TypedValue[]): string {
  const names = [...new Set(values.map((v) => v.typeName))].sort();
  const lines = [`import type { ${names.join(", ")} } from "@flowspec/types";`, ""];
  values.forEach((v, i) => lines.push(`export const example${i}: ${v.typeName} = ${JSON.stringify(v.value, null, 2)};`, ""));
  return lines.join("\n");
}

export function typeCheck(values: readonly TypedValue[]): TypeCheckResult {
  const dir = mkdtempSync(join(tmpdir(), "flowspec-reference-examples-"));
  try {
    const tsconfig = {
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        types: [],
        // The package's own declarations are checked by its tests; here only the examples are.
        skipLibCheck: true,
        paths: { "@flowspec/types": [join(REPO_ROOT, "packages", "types", "index.d.ts")] },
      },
      files: ["examples.ts"],
    };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
    writeFileSync(join(dir, "examples.ts"), source(values));
    const tsc = spawnSync(join(REPO_ROOT, "node_modules", ".bin", "tsc"), ["-p", dir, "--pretty", "false"], { encoding: "utf8" });
    return { ok: tsc.status === 0, output: `${tsc.stdout}${tsc.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
