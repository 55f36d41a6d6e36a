/**
 * The service helpers build a request check for every operation with an error table and a body or
 * query record, and the check runs that record's public validator (`PUBLIC_VALIDATORS`). A record
 * with no public validator would leave the check without one: said here, at the operation.
 */
import { PUBLIC_VALIDATORS } from "../../spec-language/public-validators.js";
import { escapePointerToken } from "../../load/yaml-positions.js";
import type { CrossRule } from "../rule-context.js";

export const requestChecksValidated: CrossRule = {
  rule: "every operation with an error table takes its body or query as a record the validator package's API checks",
  *check({ sources, report }) {
    const checked = new Set(PUBLIC_VALIDATORS.map(([, record]) => record));
    const withRows = new Set(sources.errors.data.errors.flatMap((e) => e.operations));
    const file = sources.operations.file;
    for (const [id, op] of Object.entries(sources.operations.data.operations)) {
      if (!withRows.has(id)) continue;
      const [key, record] = op.body !== undefined ? (["body", op.body] as const) : op.query !== undefined ? (["query", op.query] as const) : [];
      if (key === undefined || checked.has(record)) continue;
      yield report(
        file,
        `/operations/${escapePointerToken(id)}/${key}`,
        "SpecInvalidValue",
        `${id} has an error table, so the service helpers check its ${key}, but \`${record}\` is none of the records the validator package's API checks (${[...checked].join(", ")}); take one of them, or add its validator to the API.`,
      );
    }
  },
};
