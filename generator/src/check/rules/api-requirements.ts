import { FLOW_ACTION, type RawSchema } from "../../spec-language/schema-node.js";
import { PUBLIC_VALIDATORS } from "../../spec-language/public-validators.js";
import type { CrossRule } from "../rule-context.js";
import { recordSchemas, walkRecords } from "../schema-walk.js";
import { escapePointerToken } from "../../load/yaml-positions.js";
import { didYouMean } from "../../../runtime/validator/suggest.js";
import { FORM_MEDIA_TYPE } from "../../spec-language/media-types.js";
import { RATE_LIMIT_HEADERS } from "../../spec-language/rate-limit-headers.js";

/**
 * The validator package has a stable API (`validateCreateFlowRequest`, …); each function checks a
 * record, so the spec must define it. Saying so here turns a missing record into a diagnostic
 * instead of a failure inside an emitter.
 */
export const apiRecordsDefined: CrossRule = {
  rule: "every record the validator package's API checks is defined",
  *check({ sources, report }) {
    const names = new Set(walkRecords(sources).map((r) => r.name));
    for (const [stem, record] of PUBLIC_VALIDATORS) {
      if (record !== FLOW_ACTION && !names.has(record)) {
        yield report(sources.root.file, "", "SpecUnknownRecord", `the validator API (validate${stem}) checks record \`${record}\`, which is not defined; add it under spec/records/.`);
      }
    }
  },
};

function constOf(schema: RawSchema | undefined, key: string): unknown {
  return schema?.properties?.[key]?.const;
}

/** A discriminated union is dispatched on a string constant each member fixes. */
export const discriminatorsConstant: CrossRule = {
  rule: "every member of a discriminated union is a record whose discriminator property is a string constant",
  *check({ sources, report }) {
    const records = recordSchemas(sources);
    for (const { file, pointer, schema } of walkRecords(sources)) {
      const key = schema.discriminator;
      if (key === undefined) continue;
      for (const [i, member] of (schema.oneOf ?? schema.anyOf ?? []).entries()) {
        const target = member.$ref === undefined ? undefined : records.get(member.$ref);
        if (typeof constOf(target, key) !== "string") {
          const keyword = schema.oneOf ? "oneOf" : "anyOf";
          yield report(file, `${pointer}/${keyword}/${i}`, "SpecInvalidValue", `a member of a union discriminated by \`${key}\` must be a \`$ref\` to a record whose \`${key}\` has a string \`const\`.`);
        }
      }
    }
  },
};


/** The object records a body decodes to: the record itself, or the members of its union; null when it is neither. */
function formObjects(records: ReadonlyMap<string, RawSchema>, name: string): RawSchema[] | null {
  const schema = records.get(name);
  if (schema === undefined) return null;
  if (schema.type === "object") return [schema];
  const members = (schema.oneOf ?? schema.anyOf ?? []).map((m) => (m.$ref === undefined ? undefined : records.get(m.$ref)));
  return members.length > 0 && members.every((m) => m?.type === "object") ? (members as RawSchema[]) : null;
}

/**
 * `decodeFormBody` decodes each form-encoded request body to its record (its `record` option), so
 * every such body must be a record it can type field by field: an object, or a union of objects.
 */
export const formBodiesDecodable: CrossRule = {
  rule: "every form-encoded request body is an object record or a union of object records, with one encoding per record, and there is at least one",
  *check({ sources, report }) {
    const file = sources.operations.file;
    const records = recordSchemas(sources);
    const encodings = new Map<string, string>();
    let forms = 0;
    for (const [id, op] of Object.entries(sources.operations.data.operations)) {
      const at = `/operations/${escapePointerToken(id)}`;
      if (!(op.requestContentTypes ?? []).includes(FORM_MEDIA_TYPE)) continue;
      forms++;
      if (op.body === undefined) {
        yield report(file, `${at}/requestContentTypes`, "SpecFormBody", `${id} takes ${FORM_MEDIA_TYPE} but names no \`body\` record; add one.`);
        continue;
      }
      if (records.has(op.body) && formObjects(records, op.body) === null) {
        yield report(file, `${at}/body`, "SpecFormBody", `${id} takes ${FORM_MEDIA_TYPE}, so its body \`${op.body}\` must be an object record or a union of object records.`);
      }
      const encoding = JSON.stringify(Object.entries(op.formEncoding ?? {}).sort());
      const earlier = encodings.get(op.body);
      if (earlier !== undefined && earlier !== encoding) yield report(file, `${at}/formEncoding`, "SpecFormBody", `${op.body} is taken as a form by another operation with another formEncoding; give both the same.`);
      encodings.set(op.body, encoding);
    }
    if (forms === 0) yield report(file, "", "SpecFormBody", `the validator's decodeFormBody needs a form-encoded request body (${FORM_MEDIA_TYPE} in an operation's requestContentTypes); none takes one.`);
  },
};

/** A `formEncoding` entry names a property of the operation's form body (OpenAPI's Encoding Object). */
export const formEncodingsKnown: CrossRule = {
  rule: "every formEncoding entry belongs to an operation that takes a form and names a property of its body",
  *check({ sources, report }) {
    const file = sources.operations.file;
    const records = recordSchemas(sources);
    for (const [id, op] of Object.entries(sources.operations.data.operations)) {
      const at = `/operations/${escapePointerToken(id)}/formEncoding`;
      const names = Object.keys(op.formEncoding ?? {});
      if (names.length === 0) continue;
      if (!(op.requestContentTypes ?? []).includes(FORM_MEDIA_TYPE) || op.body === undefined) {
        yield report(file, at, "SpecFormEncoding", `${id} has a formEncoding but takes no ${FORM_MEDIA_TYPE} body; remove it or add ${FORM_MEDIA_TYPE} to requestContentTypes.`, "key");
        continue;
      }
      // An unknown body is reported where it is named; its properties cannot be known.
      if (!records.has(op.body)) continue;
      const objects = formObjects(records, op.body) ?? [];
      const properties = new Set(objects.flatMap((o) => Object.keys(o.properties ?? {})));
      for (const name of names) {
        if (!properties.has(name)) yield report(file, `${at}/${escapePointerToken(name)}`, "SpecFormEncoding", `\`${name}\` is not a property of ${op.body}${didYouMean(name, properties, "`")}.`, "key");
      }
    }
  },
};

/** `parseRateLimitHeaders` reads the three headers by name. */
export const rateLimitHeadersKnown: CrossRule = {
  rule: "the rate-limit headers are X-RateLimit-Limit, -Remaining and -Reset (what parseRateLimitHeaders reads)",
  *check({ sources, report }) {
    const names = sources.rateLimits.data.rateLimits.headers.map((h) => h.name);
    if ([...names].sort().join() !== [...RATE_LIMIT_HEADERS].sort().join()) {
      yield report(sources.rateLimits.file, "/rateLimits/headers", "SpecInvalidValue", `the rate-limit headers must be ${RATE_LIMIT_HEADERS.join(", ")} (parseRateLimitHeaders reads them); found ${names.join(", ")}.`);
    }
  },
};

/** Records are inlined where they are used; only the FlowAction union may recurse. */
export const recordsAcyclic: CrossRule = {
  rule: "no record refers back to itself, except through FlowAction",
  *check({ sources, report }) {
    const records = new Map(walkRecords(sources).map((r) => [r.name, r]));
    const refsOf = (schema: RawSchema): string[] => {
      const out: string[] = [];
      const visit = (node: RawSchema) => {
        if (node.$ref !== undefined && node.$ref !== FLOW_ACTION) out.push(node.$ref);
        for (const child of Object.values(node.properties ?? {})) visit(child);
        if (typeof node.additionalProperties === "object") visit(node.additionalProperties);
        if (node.items) visit(node.items);
        for (const m of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) visit(m);
      };
      visit(schema);
      return out;
    };
    for (const [name, { file, pointer }] of records) {
      const stack = [...refsOf(records.get(name)!.schema)];
      const seen = new Set<string>();
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (next === name) {
          yield report(file, pointer, "SpecInvalidValue", `record \`${name}\` refers back to itself; only FlowAction may recurse.`, "key");
          break;
        }
        if (seen.has(next) || !records.has(next)) continue;
        seen.add(next);
        stack.push(...refsOf(records.get(next)!.schema));
      }
    }
  },
};
