import { FLOW_ACTION, type RawSchema } from "../../spec-language/schema-node.js";
import { PUBLIC_VALIDATORS } from "../../validator-api.js";
import type { CrossRule } from "../rule-context.js";
import { walkRecords } from "../schema-walk.js";

/**
 * The validator package has a stable API (`validateCreateFlowRequest`, …); each function checks a
 * record, so the spec must define it. Saying so here turns a missing record into a diagnostic
 * instead of a failure inside an emitter.
 */
export const apiRecordsDefined: CrossRule = {
  rule: "every record the validator package's API checks is defined",
  *check({ sources, report }) {
    const names = new Set([...walkRecords(sources)].map((r) => r.name));
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
    const records = new Map([...walkRecords(sources)].map((r) => [r.name, r.schema]));
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

const FORM = "application/x-www-form-urlencoded";

/** `decodeFormBody` decodes the one form-encoded request body; the spec names it through its operation. */
export const oneFormBody: CrossRule = {
  rule: "exactly one request body is form-encoded (the one decodeFormBody decodes)",
  *check({ sources, report }) {
    const bodies = new Set(
      Object.values(sources.operations.data.operations)
        .filter((op) => op.body !== undefined && (op.requestContentTypes ?? []).includes(FORM))
        .map((op) => op.body),
    );
    if (bodies.size !== 1) {
      yield report(sources.operations.file, "", "SpecInvalidValue", `the validator's decodeFormBody needs exactly one form-encoded request body (${FORM} in an operation's requestContentTypes), found ${bodies.size}.`);
    }
  },
};

const RATE_LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

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
    const records = new Map([...walkRecords(sources)].map((r) => [r.name, r]));
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
