/**
 * The service helpers build a request check for every operation with an error table and a body or
 * query record, and the check runs that record's public validator (`PUBLIC_VALIDATORS`): a record
 * with no public validator would leave the check without one. Each refusal is answered in the
 * interface's error body, of one of two shapes. Both said here, at their place in the spec.
 */
import { ERROR_BODY_SHAPES, errorBodyStyleOf } from "../../spec-language/error-body.js";
import { PUBLIC_VALIDATORS } from "../../spec-language/public-validators.js";
import { escapePointerToken } from "../../load/yaml-positions.js";
import type { CrossRule } from "../rule-context.js";
import { recordSchemas } from "../schema-walk.js";

export const requestChecksValidated: CrossRule = {
  rule: "every operation with an error table takes its body or query as a record the validator package's API checks",
  *check({ sources, report }) {
    const checked = new Set<string>(PUBLIC_VALIDATORS.map(([, record]) => record));
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

/** The helpers answer every refusal in the interface's error body; they know two shapes of it. */
export const errorBodiesAnswerable: CrossRule = {
  rule: "every interface's errorBody record has one of the two error shapes the service helpers answer with",
  *check({ sources, report }) {
    const records = recordSchemas(sources);
    for (const [name, iface] of Object.entries(sources.root.data.interfaces)) {
      const record = iface.errorBody === undefined ? undefined : records.get(iface.errorBody);
      if (record === undefined) continue; // no errorBody (the vendor's shape), or an unknown record (cross-references.ts)
      if (errorBodyStyleOf((property) => record.type === "object" && Object.hasOwn(record.properties ?? {}, property)) !== undefined) continue;
      yield report(sources.root.file, `/interfaces/${escapePointerToken(name)}/errorBody`, "SpecInvalidValue", `\`${iface.errorBody}\` has neither error shape the service helpers answer with (${ERROR_BODY_SHAPES}); give it the properties of one.`);
    }
  },
};
