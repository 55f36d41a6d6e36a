/** `flowspec help conformance`: the usage text, apart from the entry and the run so that neither imports the other. */
export const CONFORMANCE_USAGE = `usage: flowspec conformance <file|folder…> [--format text|json] [--spec DIR] [--out DIR]

  checks recorded traffic against the spec: HAR files (.har) and NDJSON (.ndjson, .jsonl), one
  {"method", "path", "headers", "body", "status", "response"} object a line; a folder is searched for both
  each exchange is routed to its operation; the request goes through the spec's request check (the
  token taken as allowed: recordings carry redacted ones), the status must be the operation's
  success status or one of its error rows', and the body the documented record (or error code)

  every mismatch is labelled: a divergence of spec/disagreements.yaml (its id, found by the entry's
  \`traffic\` signs) or new
  --format json        every mismatched exchange as one JSON document, for machines
  --spec DIR, --out DIR  the spec and the generated packages (defaults: spec, packages)
  exit 0: no new mismatch; 1: a new mismatch; 2: a usage error or a recording that cannot be read`;
