/**
 * Impact per package as a given/want table: (the real spec, a copy with one edit) → the level each
 * generated package needs, and the spec's bump (the largest, since every package takes
 * `specVersion`). The reasons are the rules in generator/src/diff/classify.ts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Bump } from "../../generator/src/diff/bump.js";
import type { PackageName } from "../../generator/src/diff/levels.js";
import { diffSpecs } from "../../generator/src/diff/diff-specs.js";
import { irOf, realIr } from "../support/spec-ir.js";
import { actionPath, copySpec, editYaml } from "../support/yaml-edits.js";

type Edit = (specDir: string) => void;

const onAction = (file: string, action: string, path: readonly (string | number)[], value: unknown): Edit => (dir) =>
  editYaml(dir, file, (doc) => doc.setIn([...actionPath(doc, action), ...path], value));

/** Replaces every occurrence of a text in one spec file (for a value its examples repeat). */
const replaceText = (file: string, from: string, to: string): Edit => (dir) => {
  const path = join(dir, file);
  writeFileSync(path, readFileSync(path, "utf8").split(from).join(to));
};

const both = (...edits: Edit[]): Edit => (dir) => edits.forEach((edit) => edit(dir));

const newVariant: Edit = (dir) =>
  editYaml(dir, "flow-actions/xml.yaml", (doc) =>
    doc.addIn(["actions"], {
      action: "VALIDATE_XML",
      description: "Checks that a text is well-formed XML.",
      params: { type: "object", additionalProperties: false, required: ["xml"], properties: { xml: { type: "string" } } },
      example: { xml: "<a/>" },
    }),
  );

const errorRowAdded: Edit = (dir) =>
  editYaml(dir, "errors.yaml", (doc) =>
    doc.addIn(["errors"], { id: "flow_limit_reached", status: 409, operations: ["post_flows"], condition: "The tenant has as many flows as it may.", message: "Too many flows" }),
  );

const levels = (types: Bump, validator: Bump, schema: Bump, reference: Bump) => ({ types, validator, schema, reference });

const table: [given: string, edit: Edit, want: Record<PackageName, Bump>, spec: Bump][] = [
  ["a new FlowAction variant (an exhaustive switch over FlowAction stops compiling)", newVariant, levels("major", "minor", "minor", "minor"), "major"],
  ["a removed variant", (dir) => editYaml(dir, "flow-actions/xml.yaml", (doc) => void doc.deleteIn(actionPath(doc, "SERIALIZE_XML"))), levels("major", "major", "major", "major"), "major"],
  [
    "a new optional property",
    (dir) => editYaml(dir, "records/flow.yaml", (doc) => doc.setIn(["records", "CreateFlowRequestContent", "properties", "note"], { type: "string" })),
    levels("minor", "minor", "minor", "minor"),
    "minor",
  ],
  [
    "a new required property (its example keeps up)",
    both(
      onAction("flow-actions/flow.yaml", "DELAY_FLOW", ["params", "properties", "reason"], { type: "string" }),
      onAction("flow-actions/flow.yaml", "DELAY_FLOW", ["params", "required"], ["number", "reason"]),
      onAction("flow-actions/flow.yaml", "DELAY_FLOW", ["example", "reason"], "a pause"),
    ),
    levels("major", "major", "major", "minor"),
    "major",
  ],
  [
    "a const changed (the WebAuthn grant URN, examples included)",
    both(
      replaceText("records/self-service.yaml", "urn:okta:params:oauth:grant-type:webauthn", "urn:example:params:oauth:grant-type:webauthn"),
      // Rule 6 names the grant of its passkey flow, which must stay a described one.
      replaceText("authentication.yaml", "urn:okta:params:oauth:grant-type:webauthn", "urn:example:params:oauth:grant-type:webauthn"),
    ),
    levels("major", "major", "major", "patch"),
    "major",
  ],
  [
    "a dependentRequired pair added (asks more of a request, which the types do not say)",
    (dir) => editYaml(dir, "records/authorization-server.yaml", (doc) => doc.setIn(["records", "PasswordTokenRequest", "dependentRequired", "username"], ["realm"])),
    levels("patch", "major", "major", "patch"),
    "major",
  ],
  [
    "an interface's version changed (a literal in INTERFACES)",
    (dir) => editYaml(dir, "flowspec.yaml", (doc) => doc.setIn(["interfaces", "self-service", "version"], "1.1")),
    levels("major", "patch", "patch", "patch"),
    "major",
  ],
  [
    "an enum value added",
    onAction("flow-actions/flow.yaml", "DELAY_FLOW", ["params", "properties", "units", "enum"], ["SECONDS", "MINUTES", "HOURS", "DAYS", "WEEKS"]),
    levels("major", "minor", "minor", "patch"),
    "major",
  ],
  [
    "an enum value removed",
    onAction("flow-actions/flow.yaml", "DELAY_FLOW", ["params", "properties", "units", "enum"], ["SECONDS", "MINUTES", "HOURS"]),
    levels("major", "major", "major", "patch"),
    "major",
  ],
  ["a bound narrowed", onAction("flow-actions/flow.yaml", "ERROR_MESSAGE", ["params", "properties", "message", "maxLength"], 1024), levels("patch", "major", "major", "patch"), "major"],
  ["a bound widened", onAction("flow-actions/flow.yaml", "ERROR_MESSAGE", ["params", "properties", "message", "maxLength"], 4096), levels("patch", "minor", "minor", "patch"), "minor"],
  ["a description changed", onAction("flow-actions/flow.yaml", "DELAY_FLOW", ["description"], "Waits a while."), levels("patch", "patch", "patch", "patch"), "patch"],
  ["an ERRORS row added", errorRowAdded, levels("minor", "minor", "minor", "minor"), "minor"],
  [
    "an ERRORS message changed (a literal in ERRORS, and what a service sends)",
    (dir) => editYaml(dir, "errors.yaml", (doc) => doc.setIn(["errors", 1, "message"], "Token invalid")),
    levels("major", "major", "major", "patch"),
    "major",
  ],
  ["an ERRORS condition reworded", (dir) => editYaml(dir, "errors.yaml", (doc) => doc.setIn(["errors", 1, "condition"], "The token is not valid.")), levels("patch", "patch", "patch", "patch"), "patch"],
  [
    "a LIMITS value changed with the records it applies to",
    both(
      (dir) => editYaml(dir, "limits.yaml", (doc) => doc.setIn(["limits", 0, "maxLength"], 200)),
      (dir) => editYaml(dir, "records/flow.yaml", (doc) => doc.setIn(["records", "CreateFlowRequestContent", "properties", "name", "maxLength"], 200)),
      (dir) => editYaml(dir, "records/flow.yaml", (doc) => doc.setIn(["records", "CreateFlowResponseContent", "properties", "name", "maxLength"], 200)),
    ),
    levels("major", "minor", "minor", "patch"),
    "major",
  ],
  [
    "an OPERATION_SCOPES value changed",
    (dir) => editYaml(dir, "operations.yaml", (doc) => doc.setIn(["operations", "post_flows", "scope"], "write:flows")),
    levels("major", "major", "major", "patch"),
    "major",
  ],
];

describe("impact per package", () => {
  const base = realIr();

  it.each(table)("%s", (_given, edit, want, spec) => {
    const specDir = copySpec();
    edit(specDir);
    const diff = diffSpecs(base, irOf(specDir));
    expect(diff.packages).toEqual(want);
    expect(diff.bump).toBe(spec);
    for (const change of diff.changes.filter((c) => c.level === "major")) expect(change.migration, `${change.where} ${change.what}`).toMatch(/\S/);
  });
});
