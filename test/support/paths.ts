/**
 * Where things are: the repository, its spec, the generated packages and the test fixtures.
 */
import { join } from "node:path";

export const REPO_ROOT = join(import.meta.dirname, "..", "..");
export const REAL_SPEC = join(REPO_ROOT, "spec");
export const PACKAGES = join(REPO_ROOT, "packages");
export const TYPES_PACKAGE = join(PACKAGES, "types");
export const FIXTURES = join(REPO_ROOT, "test", "fixtures");
/** A small valid spec with the records the validator's API needs. */
export const MINIMAL_SPEC = join(FIXTURES, "minimal-spec");
/** One folder per broken spec: files laid over the minimal spec, and the golden `expected.txt`. */
export const INVALID_FIXTURES = join(FIXTURES, "invalid");
