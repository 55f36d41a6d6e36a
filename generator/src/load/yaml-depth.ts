/** Levels of YAML mappings and sequences flowspec reads (see yaml-document.ts); apart so usage texts can name it without loading the parser. */
export const MAX_YAML_DEPTH = 256;
