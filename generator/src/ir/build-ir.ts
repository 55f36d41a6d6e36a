/**
 * Stage 3, build IR: checked sources → `SpecIR`.
 *
 * The one ordering rule lives here. Lists and `properties` keep the order the author wrote (it is
 * the order people read them in); every other mapping is sorted by key in code-unit order, so
 * reordering such keys in the YAML changes nothing.
 */
import type { SpecSources } from "../check/spec-sources.js";
import { locIn, type SpecFile } from "../load/load-spec.js";
import { escapePointerToken } from "../load/yaml-positions.js";
import type { RawSchema } from "../spec-language/schema-node.js";
import { authRules, hasDomainAudience, refusedGrants } from "./authentication.js";
import type { ActionType, NamedRecord, SpecIR, Variant } from "./model.js";
import { paramsName, typeGroupName, variantAnchor, variantKey, variantName } from "./names.js";
import { defined } from "./defined.js";
import { withOrderedExamples } from "./example-order.js";
import { toProperties, toSchemaNode } from "./schema-node.js";
import { byCodeUnit, sortedEntries } from "../base/order.js";
import { deepFreeze } from "../base/deep-freeze.js";

function records(file: SpecFile, map: Record<string, RawSchema> | undefined): NamedRecord[] {
  return Object.entries(map ?? {}).map(([name, raw]) => {
    const pointer = `/records/${escapePointerToken(name)}`;
    return defined({
      name,
      description: raw.description,
      examples: raw.examples,
      lifecycle: raw.lifecycle,
      schema: toSchemaNode(file, pointer, raw),
      source: file.source,
      loc: locIn(file, pointer),
    });
  });
}

function actionTypes(sources: SpecSources): ActionType[] {
  return sources.providers
    .map(({ file, data }) => {
      const variants: Variant[] = data.actions.map((a, i) =>
        defined({
          type: data.type,
          action: a.action,
          key: variantKey(data.type, a.action),
          name: variantName(data.type, a.action),
          paramsName: paramsName(data.type, a.action),
          anchor: variantAnchor(data.type, a.action),
          description: a.description,
          lifecycle: a.lifecycle,
          paramsRequired: a.paramsOptional !== true,
          params: toSchemaNode(file, `/actions/${i}/params`, a.params!),
          example: a.example,
          loc: locIn(file, `/actions/${i}`),
        }),
      );
      return defined({
        type: data.type,
        name: typeGroupName(data.type),
        title: data.title,
        kind: data.kind,
        placeholder: data.placeholder,
        description: data.description,
        variants,
        source: file.source,
        loc: locIn(file, "/type"),
      });
    })
    .sort((a, b) => byCodeUnit(a.type, b.type));
}

/** The model is frozen so no emitter can change what another one reads. */
export function buildIr(sources: SpecSources): SpecIR {
  return deepFreeze(withOrderedExamples(assemble(sources)));
}

function assemble(sources: SpecSources): SpecIR {
  const root = sources.root.data;
  const common = sources.common;
  const ops = sources.operations;
  const auth = sources.authentication;
  const rules = authRules(auth);
  const allRecords = [
    ...sources.records.flatMap(({ file, data }) => records(file, data.records)),
    ...records(common.file, common.data.records),
    ...sources.providers.flatMap(({ file, data }) => records(file, data.records)),
  ].sort((a, b) => byCodeUnit(a.name, b.name));

  return {
    version: root.specVersion,
    title: root.title,
    sources: {
      root: sources.root.file.source,
      formats: sources.formats.file.source,
      operations: ops.file.source,
      authentication: auth.file.source,
      errors: sources.errors.file.source,
      rateLimits: sources.rateLimits.file.source,
      limits: sources.limits.file.source,
      ...(sources.disagreements ? { disagreements: sources.disagreements.file.source } : {}),
      flowActions: common.file.source,
    },
    servers: sortedEntries(root.servers).map(([name, s]) => ({ name, url: s.url, description: s.description })),
    interfaces: sortedEntries(root.interfaces).map(([name, i]) =>
      defined({ name, ...i, domainAudience: hasDomainAudience(i.audience), refusedGrants: refusedGrants(rules, name) }),
    ),
    lifecycle: root.lifecycle.map((l) => ({ label: l.label, description: l.description })),
    formats: sortedEntries(sources.formats.data.formats).map(([name, f]) =>
      defined({ name, ...f, loc: locIn(sources.formats.file, `/formats/${escapePointerToken(name)}`) }),
    ),
    records: allRecords,
    flowActions: {
      common: toProperties(common.file, "/common", common.data.common as RawSchema),
      types: actionTypes(sources),
      source: common.file.source,
    },
    operations: sortedEntries(ops.data.operations).map(([id, op]) => {
      const at = `/operations/${escapePointerToken(id)}`;
      return defined({
        id,
        summary: op.summary,
        description: op.description,
        interface: op.interface,
        method: op.method,
        server: op.server,
        path: op.path,
        lifecycle: op.lifecycle,
        scope: op.scope,
        pathParams: toProperties(ops.file, at + "/pathParams", {
          properties: Object.fromEntries(sortedEntries(op.pathParams ?? {})),
          required: Object.keys(op.pathParams ?? {}),
        }),
        headers: sortedEntries(op.headers ?? {}).map(([name, h]) => ({ name, value: h.value, required: h.required ?? false })),
        requestContentTypes: op.requestContentTypes ?? [],
        body: op.body,
        query: op.query,
        success: defined({ ...op.success }),
        formEncoding: Object.fromEntries(sortedEntries(op.formEncoding ?? {})),
        // The rows name their operations (spec/errors.yaml); an operation lists them in the table's order.
        errors: sources.errors.data.errors.filter((e) => e.operations.includes(id)).map((e) => e.id),
        loc: locIn(ops.file, at),
      });
    }),
    securitySchemes: sortedEntries(auth.data.securitySchemes).map(([name, s]) => defined({ name, ...s })),
    authRules: rules,
    errors: sources.errors.data.errors.map((e, i) => ({ ...e, headers: e.headers ?? [], loc: locIn(sources.errors.file, `/errors/${i}`) })),
    rateLimits: {
      status: sources.rateLimits.data.rateLimits.status,
      headers: sources.rateLimits.data.rateLimits.headers.map((h) => defined({ ...h })),
    },
    limits: sources.limits.data.limits.map((l, i) => defined({ ...l, loc: locIn(sources.limits.file, `/limits/${i}`) })),
    disagreements: (sources.disagreements?.data.disagreements ?? []).map((d, i) => ({
      ...d,
      kind: d.kind ?? "disagreement",
      affects: d.affects ?? [],
      traffic: (d.traffic ?? []).map((t, j) => defined({ ...t, loc: locIn(sources.disagreements!.file, `/disagreements/${i}/traffic/${j}`) })),
      loc: locIn(sources.disagreements!.file, `/disagreements/${i}`),
    })),
  };
}
