/** `flowspec help validate`: the usage text, apart from the entry and the run so that neither imports the other. */
import { MAX_YAML_DEPTH } from "../../load/yaml-depth.js";
import { DEFAULT_MAX_PAYLOAD_BYTES } from "../../payload/read-input.js";
import { KNOWN_CONTENT_TYPES } from "../../payload/payload-kinds.js";

export const VALIDATE_USAGE = `usage: flowspec validate <file|folder|glob…|-> --as <name> [--content-type TYPE] [--first-error] [--format text|json] [--max-bytes N] [--spec DIR] [--out DIR]

  checks JSON (.json), YAML (.yaml, .yml) and form-urlencoded (.form) payloads; a folder: every payload
  file below it; a quoted glob; "-" reads standard input (JSON, or YAML when it does not start like JSON)
  --as NAME            a record (CreateFlowRequestContent), an operation id (post_flows) or a TYPE:ACTION key
  --content-type TYPE  read every file as ${KNOWN_CONTENT_TYPES.join(", ")}
  --first-error        only the first issue of each payload (default: every issue, with its JSON Pointer)
  --all-errors         every issue (the default; kept for scripts that pass it)
  --format json        one JSON document on standard output, for machines
  --max-bytes N        refuse a payload larger than N bytes (default ${DEFAULT_MAX_PAYLOAD_BYTES}); a FIFO or a
                       device is refused as a file (pipe it to -), and - is read no further than N
  YAML is read at most ${MAX_YAML_DEPTH} levels deep, and refuses duplicate keys and unknown tags
  --spec DIR, --out DIR  the spec and the generated packages (defaults: spec, packages)
  exit 0: all valid; 1: an invalid or unreadable file; 2: a usage error`;
