/**
 * A public validator of a record union told apart by a discriminator (TokenRequest by `grant_type`):
 * a switch on the tag hands the value to its member's check; a missing, non-string or unknown tag is
 * one error listing the allowed tags, instead of one error per member.
 */
import type { CodeContext } from "./code-context.js";
import { identifier, isObjectTest, literal } from "./sites.js";

export function recordUnionFunction(m: CodeContext, target: string, key: string, members: readonly (readonly [tag: string, record: string])[]): string {
  return m.declare(`dispatch:${target}`, `dispatch${identifier(target)}`, (name) => {
    const cases = members.map(([tag, record]) => `case ${literal(tag)}: return ${m.recordFunction(record)}(v, c);`);
    const allowed = literal(members.map(([tag]) => tag));
    const body = [
      `if (!(${isObjectTest("v")})) return typeError(c, "object");`,
      `const t = ownValue(v, ${literal(key)});`,
      `switch (t) {\n${cases.join("\n")}\ndefault: return unknownMember(c, ${literal(key)}, t, ${allowed});\n}`,
    ];
    return `// ${target}: dispatched on ${key}\nfunction ${name}(v, c) {\n${body.join("\n")}\n}`;
  });
}
