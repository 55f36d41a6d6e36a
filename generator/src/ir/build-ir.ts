/**
 * Stage 3, build IR: checked sources → `SpecIR`.
 *
 * The one ordering rule lives here. Lists and `properties` keep the order the author wrote (it is
 * the order people read them in); every other mapping is sorted by key in code-unit order, so
 * reordering such keys in the YAML changes nothing.
 */
import type { SpecFile } from "../load/load-spec.js";
import type { RawSchema, SpecSources } from "../load/spec-layout.js";
import { escapePointerToken, locate } from "../load/yaml-positions.js";
import type { Loc } from "../diagnostics.js";
import type { ActionType, NamedRecord, SpecIR, Variant } from "./model.js";
import { paramsName, typeGroupName, variantAnchor, variantKey, variantName } from "./names.js";
import { defined } from "./defined.js";
import { withOrderedExamples } from "./example-order.js";
import { toProperties, toSchemaNode } from "./schema-node.js";

function byKey<T>(map: Readonly<Record<string, T>>): [string, T][] {
  return Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function locOf(file: SpecFile, pointer: string): Loc {
  return locate(file.positions, pointer) ?? { file: file.path, line: 1, col: 1 };
}


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
      loc: locOf(file, pointer),
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
          loc: locOf(file, `/actions/${i}`),
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
        loc: locOf(file, "/type"),
      });
    })
    .sort((a, b) => compare(a.type, b.type));
}

/** Freezes the model so no emitter can change what another one reads. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function buildIr(sources: SpecSources): SpecIR {
  return deepFreeze(withOrderedExamples(assemble(sources)));
}

function assemble(sources: SpecSources): SpecIR {
  const root = sources.root.data;
  const common = sources.common;
  const ops = sources.operations;
  const auth = sources.authentication;
  const allRecords = [
    ...sources.records.flatMap(({ file, data }) => records(file, data.records)),
    ...records(common.file, common.data.records),
    ...sources.providers.flatMap(({ file, data }) => records(file, data.records)),
  ].sort((a, b) => compare(a.name, b.name));

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
    servers: byKey(root.servers).map(([name, s]) => ({ name, url: s.url, description: s.description })),
    interfaces: byKey(root.interfaces).map(([name, i]) => defined({ name, ...i })),
    lifecycle: root.lifecycle.map((l) => ({ label: l.label, description: l.description })),
    formats: byKey(sources.formats.data.formats).map(([name, f]) =>
      defined({ name, ...f, loc: locOf(sources.formats.file, `/formats/${escapePointerToken(name)}`) }),
    ),
    records: allRecords,
    flowActions: {
      common: toProperties(common.file, "/common", common.data.common as RawSchema),
      types: actionTypes(sources),
      source: common.file.source,
    },
    operations: byKey(ops.data.operations).map(([id, op]) => {
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
          properties: Object.fromEntries(byKey(op.pathParams ?? {})),
          required: Object.keys(op.pathParams ?? {}),
        }),
        headers: byKey(op.headers ?? {}).map(([name, h]) => ({ name, value: h.value, required: h.required ?? false })),
        requestContentTypes: op.requestContentTypes ?? [],
        body: op.body,
        query: op.query,
        success: defined({ ...op.success }),
        errors: op.errors ?? [],
        loc: locOf(ops.file, at),
      });
    }),
    securitySchemes: byKey(auth.data.securitySchemes).map(([name, s]) => defined({ name, ...s })),
    authRules: auth.data.rules.map((rule, i) => {
      const { id, seed, kind, text, interface: iface, ...data } = rule;
      return defined({ id, seed, kind, text, interface: iface, data: Object.fromEntries(byKey(data)), loc: locOf(auth.file, `/rules/${i}`) });
    }),
    errors: sources.errors.data.errors.map((e, i) => ({ ...e, headers: e.headers ?? [], loc: locOf(sources.errors.file, `/errors/${i}`) })),
    rateLimits: {
      status: sources.rateLimits.data.rateLimits.status,
      headers: sources.rateLimits.data.rateLimits.headers.map((h) => defined({ ...h })),
    },
    limits: sources.limits.data.limits.map((l, i) => defined({ ...l, loc: locOf(sources.limits.file, `/limits/${i}`) })),
    disagreements: (sources.disagreements?.data.disagreements ?? []).map((d, i) => ({
      ...d,
      affects: d.affects ?? [],
      loc: locOf(sources.disagreements!.file, `/disagreements/${i}`),
    })),
  };
}
