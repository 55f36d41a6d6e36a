/** The repository's vitest configuration with the per-file CPU log of scripts/suite-cpu.ts (run from the repository's root). */
import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config.ts";

export default mergeConfig(base, defineConfig({ test: { setupFiles: ["scripts/suite-cpu/file-cpu.setup.ts"] } }));
