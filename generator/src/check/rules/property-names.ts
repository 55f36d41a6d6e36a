import type { CrossRule } from "../rule-context.js";
import { judgeEachSchema, type NodeJudge } from "../schema-walk.js";
import { escapePointerToken } from "../../load/yaml-positions.js";

const PROTOTYPE_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * A property named `constructor` or `toString` is found on every object through its prototype, so a
 * validator that forgets to check own properties accepts `{}` for it. The spec avoids such names.
 */
const prototypeNames: NodeJudge = ({ file, pointer, node }, report, found) => {
  if (node.properties === undefined) return;
  for (const key of Object.keys(node.properties)) {
    if (PROTOTYPE_MEMBERS.has(key)) {
      found.push(report(file, `${pointer}/properties/${escapePointerToken(key)}`, "SpecPrototypeProperty", `property \`${key}\` is an Object.prototype member; rename it.`, "key"));
    }
  }
};

export const noPrototypeNames: CrossRule = {
  rule: "no property is named after an Object.prototype member",
  check: (ctx) => judgeEachSchema(ctx, prototypeNames),
};

const requiredNames: NodeJudge = ({ file, pointer, node }, report, found) => {
  const properties = node.properties ?? {};
  if (node.required !== undefined) {
    for (let i = 0; i < node.required.length; i++) {
      const key = node.required[i]!;
      if (!Object.hasOwn(properties, key)) {
        found.push(report(file, `${pointer}/required/${i}`, "SpecRequiredNotDeclared", `\`${key}\` is required but not under \`properties\`; declare it or drop it from \`required\`.`));
      }
    }
  }
  if (node.dependentRequired === undefined) return;
  // The validator runs dependentRequired once a record matches its schema, on the record's own object.
  if (!/^\/records\/[^/]+$/.test(pointer)) {
    found.push(report(file, `${pointer}/dependentRequired`, "SpecInvalidValue", "dependentRequired is supported on a record's top-level object only (where the validator checks it); move the pair there.", "key"));
  }
  for (const [key, names] of Object.entries(node.dependentRequired)) {
    const at = `${pointer}/dependentRequired/${escapePointerToken(key)}`;
    if (!Object.hasOwn(properties, key)) found.push(report(file, at, "SpecRequiredNotDeclared", `\`${key}\` has dependentRequired but is not under \`properties\`; declare it.`, "key"));
    for (const [i, name] of names.entries()) {
      if (!Object.hasOwn(properties, name)) found.push(report(file, `${at}/${i}`, "SpecRequiredNotDeclared", `\`${name}\` is required with \`${key}\` but not under \`properties\`; declare it.`));
    }
  }
};

export const requiredDeclared: CrossRule = {
  rule: "every required name, and every name in dependentRequired, is a declared property",
  check(ctx) {
    const found = judgeEachSchema(ctx, requiredNames);
    const common = ctx.sources.common;
    for (const [i, key] of common.data.common.required.entries()) {
      if (!Object.hasOwn(common.data.common.properties, key)) {
        found.push(ctx.report(common.file, `/common/required/${i}`, "SpecRequiredNotDeclared", `\`${key}\` is required but not under \`properties\`; declare it.`));
      }
    }
    return found;
  },
};

const BOUNDS = [
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
  ["minProperties", "maxProperties"],
  ["minimum", "maximum"],
] as const;

const orderedBounds: NodeJudge = ({ file, pointer, node }, report, found) => {
  for (const [low, high] of BOUNDS) {
    const a = node[low];
    const b = node[high];
    if (a !== undefined && b !== undefined && a > b) {
      found.push(report(file, `${pointer}/${low}`, "SpecInvalidBounds", `${low} ${a} is above ${high} ${b}; nothing could be valid.`));
    }
  }
};

export const boundsOrdered: CrossRule = {
  rule: "every lower bound is at most its upper bound",
  check: (ctx) => judgeEachSchema(ctx, orderedBounds),
};
