/** `flowspec help upstream`: the usage text, apart from the entry and the run so that neither imports the other. */
export const UPSTREAM_USAGE = `usage: flowspec upstream <openapi document> [--format text|json] [--spec DIR]

  compares the spec with an OpenAPI 3.x document of the vendor's (JSON or YAML; any edition of it):
  each operation of the spec the document also has (by method and path), its request content
  types, body and query, its statuses and its success body, down to every variant and field

  every difference is classified: a recorded disagreement or a recorded decision (an entry of
  spec/disagreements.yaml whose \`affects\` names the place, a format whose syntax the spec decided,
  the spec's closed objects where the document is silent), or new, with the file and line in spec/
  to edit; descriptions and examples are not compared
  --format json   every difference as one JSON document, for machines
  --spec DIR      the spec folder (default: spec)
  exit 0: nothing new; 1: a new difference; 2: a usage error or a document that cannot be read`;
