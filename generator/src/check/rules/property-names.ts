import type { CrossRule } from "../rule-context.js";
import { walkSpecSchemas } from "../schema-walk.js";
import { escapePointerToken } from "../../load/yaml-positions.js";

const PROTOTYPE_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * A property named `constructor` or `toString` is found on every object through its prototype, so a
 * validator that forgets to check own properties accepts `{}` for it. The spec avoids such names.
 */
export const noPrototypeNames: CrossRule = {
  rule: "no property is named after an Object.prototype member",
  *check({ sources, report }) {
    for (const { file, pointer, node } of walkSpecSchemas(sources)) {
      for (const key of Object.keys(node.properties ?? {})) {
        if (PROTOTYPE_MEMBERS.has(key)) {
          yield report(file, `${pointer}/properties/${escapePointerToken(key)}`, "SpecPrototypeProperty", `property \`${key}\` is an Object.prototype member; rename it.`, "key");
        }
      }
    }
  },
};

export const requiredDeclared: CrossRule = {
  rule: "every required name, and every name in dependentRequired, is a declared property",
  *check({ sources, report }) {
    for (const { file, pointer, node } of walkSpecSchemas(sources)) {
      for (const [i, key] of (node.required ?? []).entries()) {
        if (!Object.hasOwn(node.properties ?? {}, key)) {
          yield report(file, `${pointer}/required/${i}`, "SpecRequiredNotDeclared", `\`${key}\` is required but not under \`properties\`; declare it or drop it from \`required\`.`);
        }
      }
      // The validator runs dependentRequired once a record matches its schema, on the record's own object.
      if (node.dependentRequired !== undefined && !/^\/records\/[^/]+$/.test(pointer)) {
        yield report(file, `${pointer}/dependentRequired`, "SpecInvalidValue", "dependentRequired is supported on a record's top-level object only (where the validator checks it); move the pair there.", "key");
      }
      for (const [key, names] of Object.entries(node.dependentRequired ?? {})) {
        const at = `${pointer}/dependentRequired/${escapePointerToken(key)}`;
        if (!Object.hasOwn(node.properties ?? {}, key)) yield report(file, at, "SpecRequiredNotDeclared", `\`${key}\` has dependentRequired but is not under \`properties\`; declare it.`, "key");
        for (const [i, name] of names.entries()) {
          if (!Object.hasOwn(node.properties ?? {}, name)) yield report(file, `${at}/${i}`, "SpecRequiredNotDeclared", `\`${name}\` is required with \`${key}\` but not under \`properties\`; declare it.`);
        }
      }
    }
    const common = sources.common;
    for (const [i, key] of common.data.common.required.entries()) {
      if (!Object.hasOwn(common.data.common.properties, key)) {
        yield report(common.file, `/common/required/${i}`, "SpecRequiredNotDeclared", `\`${key}\` is required but not under \`properties\`; declare it.`);
      }
    }
  },
};

const BOUNDS = [
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
  ["minProperties", "maxProperties"],
  ["minimum", "maximum"],
] as const;

export const boundsOrdered: CrossRule = {
  rule: "every lower bound is at most its upper bound",
  *check({ sources, report }) {
    for (const { file, pointer, node } of walkSpecSchemas(sources)) {
      for (const [low, high] of BOUNDS) {
        const a = node[low];
        const b = node[high];
        if (a !== undefined && b !== undefined && a > b) {
          yield report(file, `${pointer}/${low}`, "SpecInvalidBounds", `${low} ${a} is above ${high} ${b}; nothing could be valid.`);
        }
      }
    }
  },
};
