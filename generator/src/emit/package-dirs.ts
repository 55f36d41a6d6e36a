/**
 * The generated packages, by folder: the one list that the emitters, the package identity of
 * `flowspec.config.*` and the release files read. The impact table of the diff (`PACKAGES`) has a
 * column for the first four only; the fixtures take the validator's levels.
 */
export const PACKAGE_DIRS = ["schema", "types", "validator", "reference", "fixtures"] as const;

export type PackageDir = (typeof PACKAGE_DIRS)[number];

export const isPackageDir = (dir: string): dir is PackageDir => (PACKAGE_DIRS as readonly string[]).includes(dir);
