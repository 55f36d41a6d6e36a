/** `flowspec help validate`: the usage text, apart from the entry and the run so that neither imports the other. */
import { MAX_YAML_DEPTH } from "../../load/yaml-depth.js";
import { DEFAULT_MAX_PAYLOAD_BYTES } from "../../payload/read-input.js";
import { KNOWN_CONTENT_TYPES } from "../../payload/payload-kinds.js";

export const VALIDATE_USAGE = `usage: flowspec validate <file…|-> --as <name> [--content-type TYPE] [--all-errors] [--format text|json] [--max-bytes N] [--spec DIR] [--out DIR]

  checks JSON (.json), YAML (.yaml, .yml) and form-urlencoded (.form) payloads; "-" reads standard input
  --as NAME            a record (CreateFlowRequestContent), an operation id (post_flows) or a TYPE:ACTION key
  --content-type TYPE  read every file as ${KNOWN_CONTENT_TYPES.join(", ")}
  --all-errors         every issue, not only the first of each payload
  --format json        one JSON document on standard output, for machines
  --max-bytes N        refuse a payload larger than N bytes (default ${DEFAULT_MAX_PAYLOAD_BYTES}); a FIFO or a
                       device is refused as a file (pipe it to -), and - is read no further than N
  YAML is read at most ${MAX_YAML_DEPTH} levels deep, and refuses duplicate keys and unknown tags
  --spec DIR, --out DIR  the spec and the generated packages (defaults: spec, packages)
  exit 0: all valid; 1: an invalid or unreadable file; 2: a usage error`;
