import { didYouMean } from "../../../runtime/validator/suggest.js";
import type { SpecFile } from "../../load/load-spec.js";
import { escapePointerToken } from "../../load/yaml-positions.js";
import type { CrossRule, RuleContext } from "../rule-context.js";
import { walkRecords } from "../schema-walk.js";
import type { Diagnostic } from "../../base/diagnostics.js";
import { ERROR_MESSAGE_FIELDS, messageFields } from "../../spec-language/files.js";
import type { SpecSources } from "../spec-sources.js";

function unknown(ctx: RuleContext, file: SpecFile, pointer: string, what: string, value: string, known: Iterable<string>): Diagnostic {
  const names = [...known];
  const list = [...names].sort().join(", ");
  const typo = didYouMean(value, names, "`");
  return ctx.report(file, pointer, "SpecUnknownReference", `${what} \`${value}\` is not defined; ${typo !== "" ? typo.slice(2) : `use one of: ${list}.`}`);
}

type RawOperations = SpecSources["operations"]["data"]["operations"];
type RawErrorRow = SpecSources["errors"]["data"]["errors"][number];

/** Each `{field}` of a row's message is a field every operation of the row has. */
function* messageFieldsDefined(ctx: RuleContext, i: number, row: RawErrorRow, operations: RawOperations): Generator<Diagnostic> {
  const file = ctx.sources.errors.file;
  for (const field of messageFields(row.message)) {
    if (!(ERROR_MESSAGE_FIELDS as readonly string[]).includes(field)) {
      yield ctx.report(file, `/errors/${i}/message`, "SpecUnknownReference", `the message names \`{${field}}\`, which is not a field an error message may name (${ERROR_MESSAGE_FIELDS.map((f) => `{${f}}`).join(", ")})${didYouMean(field, ERROR_MESSAGE_FIELDS, "`") || "."}`);
      continue;
    }
    for (const id of row.operations) {
      const op = Object.hasOwn(operations, id) ? operations[id]! : undefined;
      const has = field === "scope" ? op?.scope !== undefined : (op?.requestContentTypes?.length ?? 0) > 0;
      if (op !== undefined && !has) yield ctx.report(file, `/errors/${i}/message`, "SpecUnknownReference", `the message names \`{${field}}\`, but operation ${id} has no ${field === "scope" ? "scope" : "requestContentTypes"}; give it one or name only operations that have it.`);
    }
  }
}

/** Operations, errors, schemes and rules refer to each other by name; every name must exist. */
export const crossReferences: CrossRule = {
  rule: "every operation, error, server, interface, scheme and lifecycle label a file names is defined",
  *check(ctx) {
    const { sources } = ctx;
    const root = sources.root.data;
    const servers = new Set(Object.keys(root.servers));
    const interfaces = new Set(Object.keys(root.interfaces));
    const labels = new Set(root.lifecycle.map((l) => l.label));
    const records = new Set(walkRecords(sources).map((r) => r.name));
    const operations = sources.operations.data.operations;
    const errors = new Set(sources.errors.data.errors.map((e) => e.id));
    const schemes = sources.authentication.data.securitySchemes;
    const rateHeaders = new Set(sources.rateLimits.data.rateLimits.headers.map((h) => h.name));

    for (const [name, iface] of Object.entries(root.interfaces)) {
      if (!servers.has(iface.server)) yield unknown(ctx, sources.root.file, `/interfaces/${escapePointerToken(name)}/server`, "server", iface.server, servers);
      if (iface.errorBody !== undefined && !records.has(iface.errorBody)) yield unknown(ctx, sources.root.file, `/interfaces/${escapePointerToken(name)}/errorBody`, "record", iface.errorBody, records);
    }
    const opsFile = sources.operations.file;
    for (const [id, op] of Object.entries(operations)) {
      const at = `/operations/${escapePointerToken(id)}`;
      if (!interfaces.has(op.interface)) yield unknown(ctx, opsFile, `${at}/interface`, "interface", op.interface, interfaces);
      if (!servers.has(op.server)) yield unknown(ctx, opsFile, `${at}/server`, "server", op.server, servers);
      if (!labels.has(op.lifecycle)) yield unknown(ctx, opsFile, `${at}/lifecycle`, "lifecycle label", op.lifecycle, labels);
      for (const key of ["body", "query"] as const) {
        const ref = op[key];
        if (ref !== undefined && !records.has(ref)) yield unknown(ctx, opsFile, `${at}/${key}`, "record", ref, records);
      }
      if (op.success.body !== undefined && !records.has(op.success.body)) {
        yield unknown(ctx, opsFile, `${at}/success/body`, "record", op.success.body, records);
      }
      for (const name of Object.keys(op.pathParams ?? {})) {
        if (!op.path.includes(`{${name}}`)) {
          yield ctx.report(opsFile, `${at}/pathParams/${escapePointerToken(name)}`, "SpecUnknownReference", `path parameter \`${name}\` does not appear in path ${op.path}; add \`{${name}}\` to the path or remove it.`, "key");
        }
      }
    }
    for (const { file, pointer, schema } of walkRecords(sources)) {
      if (schema.lifecycle !== undefined && !labels.has(schema.lifecycle)) yield unknown(ctx, file, `${pointer}/lifecycle`, "lifecycle label", schema.lifecycle, labels);
    }
    for (const { file, data } of sources.providers) {
      for (const [i, action] of data.actions.entries()) {
        if (action.lifecycle !== undefined && !labels.has(action.lifecycle)) yield unknown(ctx, file, `/actions/${i}/lifecycle`, "lifecycle label", action.lifecycle, labels);
      }
    }
    const errFile = sources.errors.file;
    for (const [i, row] of sources.errors.data.errors.entries()) {
      for (const [j, id] of row.operations.entries()) {
        if (!Object.hasOwn(operations, id)) yield unknown(ctx, errFile, `/errors/${i}/operations/${j}`, "operation", id, Object.keys(operations));
      }
      yield* messageFieldsDefined(ctx, i, row, operations);
      for (const [j, header] of (row.headers ?? []).entries()) {
        if (!rateHeaders.has(header)) yield unknown(ctx, errFile, `/errors/${i}/headers/${j}`, "rate-limit header", header, rateHeaders);
      }
    }
    const authFile = sources.authentication.file;
    for (const [name, scheme] of Object.entries(schemes)) {
      if (!interfaces.has(scheme.interface)) yield unknown(ctx, authFile, `/securitySchemes/${escapePointerToken(name)}/interface`, "interface", scheme.interface, interfaces);
    }
    for (const [i, rule] of sources.authentication.data.rules.entries()) {
      const at = `/rules/${i}`;
      if (rule.interface !== undefined && !interfaces.has(rule.interface)) yield unknown(ctx, authFile, `${at}/interface`, "interface", rule.interface, interfaces);
      for (const [j, scheme] of ("schemes" in rule ? rule.schemes : []).entries()) {
        if (!Object.hasOwn(schemes, scheme)) yield unknown(ctx, authFile, `${at}/schemes/${j}`, "security scheme", scheme, Object.keys(schemes));
      }
      if ("error" in rule && !errors.has(rule.error)) yield unknown(ctx, authFile, `${at}/error`, "error", rule.error, errors);
      for (const [j, flow] of ("flows" in rule ? rule.flows : []).entries()) {
        for (const [k, op] of (flow.operations ?? []).entries()) {
          if (!Object.hasOwn(operations, op)) yield unknown(ctx, authFile, `${at}/flows/${j}/operations/${k}`, "operation", op, Object.keys(operations));
        }
      }
    }
  },
};
